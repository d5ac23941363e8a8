import sharp from 'sharp';
import { analyzeAd } from './analyze.js';
import { adSourceReader, type AdSource } from './source.js';
import type { Studio } from '../../jobs/studio.js';

/** The ad with what was read drawn on it: the text boxes and the 5×5 grid, cells holding text shaded. */
async function annotated(source: AdSource, report: Awaited<ReturnType<typeof analyzeAd>>): Promise<Buffer> {
  const { width: W, height: H } = report;
  const cells = report.density.cells
    .map((has, i) => (has ? `<rect x="${(i % 5) * (W / 5)}" y="${Math.floor(i / 5) * (H / 5)}" width="${W / 5}" height="${H / 5}" fill="#facc15" fill-opacity="0.16"/>` : ''))
    .join('');
  const grid = [1, 2, 3, 4].map((k) => `<line x1="${(k * W) / 5}" y1="0" x2="${(k * W) / 5}" y2="${H}"/><line x1="0" y1="${(k * H) / 5}" x2="${W}" y2="${(k * H) / 5}"/>`).join('');
  const boxes = report.text.lines.map(({ box }) => `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" fill="#facc15" fill-opacity="0.25" stroke="#facc15" stroke-width="${Math.max(2, W / 400)}"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${cells}<g stroke="#ffffff" stroke-opacity="0.5" stroke-width="${Math.max(1, W / 800)}" stroke-dasharray="8 6">${grid}</g>${boxes}</svg>`;
  return sharp(source.image).rotate().composite([{ input: Buffer.from(svg) }]).jpeg({ quality: 88 }).toBuffer();
}

/**
 * Competitor ad analysis (`POST /webhooks/competitor_ad`): an uploaded ad (image, or a video's
 * frame) or a link fetched with the SSRF rules, read by analyzeAd. The result is the ad with the
 * text and grid drawn on it (`processed/{user}/facebook/{job}.jpg`), the report in `details`.
 */
export const competitorAdStudio: Studio<AdSource> = {
  route: 'competitor_ad',
  studio: 'competitor_ad',
  folder: 'facebook',
  source: adSourceReader,
  async run(source, _job, _fields, tools) {
    tools.progress(0.2);
    const report = await analyzeAd(source.image);
    tools.progress(0.85);
    const jpeg = await annotated(source, report);
    return {
      media: 'image',
      buffer: jpeg,
      mimeType: 'image/jpeg',
      ext: 'jpg',
      width: report.width,
      height: report.height,
      durationSeconds: null,
      bytes: jpeg.length,
      details: { report, origin: source.origin },
    };
  },
};
