import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { UgcProduct, UgcScript } from '@shotcraft/shared/jobs/studios/ugc.ts';
import { estimateScriptSeconds } from '@shotcraft/shared/jobs/studios/ugc.ts';
import { renderUgc } from '@shotcraft/worker/src/studios/ugc/render.ts';
import { ttsProvider } from '@shotcraft/worker/src/studios/ugc/tts/index.ts';
import { findMediaTools } from '@shotcraft/worker/src/video/binaries.ts';

/**
 * `npx tsx bench/ugc/run.ts` prints JSON: the free preview and the full render of a 15 s and a
 * 30 s ad (3 product photos of 12 MP, the machine's voice engine), medians of BENCH_RUNS
 * (default 3), and the process's peak RSS. Targets on a 2-core machine: preview ≤ 5 s, full 15 s
 * render ≤ 20 s.
 */
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
sharp.cache(false);

const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-ugc-'));
// Phone-sized product shots with texture, so decoding costs what a real photo does.
const photos = await Promise.all(
  ['#c0392b', '#2980b9', '#27ae60'].map(async (colour, i) => {
    const file = path.join(dir, `photo-${i}.jpg`);
    const noise = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } } }).png().toBuffer();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><rect width="100%" height="100%" fill="#ececec"/><rect x="1600" y="500" width="800" height="2000" rx="160" fill="${colour}"/></svg>`;
    await sharp(Buffer.from(svg)).composite([{ input: noise, blend: 'soft-light' }]).jpeg({ quality: 90 }).toFile(file);
    return file;
  }),
);

const product: UgcProduct = { name: 'Arctic Flask', benefits: ['keeps drinks cold for 24 hours', 'leak-proof lid', 'fits every cup holder'], offer: '20% off this week', cta: 'Shop now', aspect: '9:16' };
const short: UgcScript = {
  hook: 'problem',
  scenes: [
    { kind: 'hook', text: 'My coffee used to go warm by ten in the morning. Every single day.', photo: 0 },
    { kind: 'body', text: 'Then I found the Arctic Flask, and it keeps drinks cold for 24 hours.', photo: 1 },
    { kind: 'cta', text: "It's 20% off this week. Tap the link and shop now!", photo: 2 },
  ],
};
const long: UgcScript = {
  hook: 'testimonial',
  scenes: [
    { kind: 'hook', text: "I've been using the Arctic Flask for three weeks now, and honestly, I have thoughts.", photo: 0 },
    { kind: 'body', text: 'First thing I noticed: it keeps drinks cold for a full 24 hours, even in a hot car.', photo: 1 },
    { kind: 'body', text: 'The lid is completely leak-proof, so it lives in my bag next to my laptop.', photo: 2 },
    { kind: 'body', text: 'And it fits every cup holder I have tried, which is more than I can say for my old one.', photo: 0 },
    { kind: 'body', text: 'It is light, it is easy to clean, and it still looks new after a month of use.', photo: 1 },
    { kind: 'cta', text: "It's 20% off this week. Tap the link and shop now, you'll thank me later!", photo: 2 },
  ],
};

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
const tts = ttsProvider();

async function measure(script: UgcScript, quality: 'preview' | 'final') {
  const times: number[] = [];
  let duration = 0;
  for (let i = 0; i < runs + 1; i++) {
    const work = await mkdtemp(path.join(dir, 'run-'));
    const start = performance.now();
    const video = await renderUgc({ photos, product, script, quality, dir: work }, { tts, progress: () => {} });
    // The first run warms up the voice engine and the disk cache: not counted.
    if (i > 0) times.push(performance.now() - start);
    duration = video.durationSeconds;
    await rm(work, { recursive: true, force: true });
  }
  return { ms: median(times), min_ms: Math.round(Math.min(...times)), max_ms: Math.round(Math.max(...times)), video_seconds: duration };
}

const result = {
  machine: { cpus: os.cpus().length, node: process.version, ffmpeg: findMediaTools()?.ffmpeg, voice: '' },
  runs,
  ad15: { spoken_estimate_s: Number(estimateScriptSeconds(short.scenes).toFixed(1)), preview: await measure(short, 'preview'), final: await measure(short, 'final') },
  ad30: { spoken_estimate_s: Number(estimateScriptSeconds(long.scenes).toFixed(1)), preview: await measure(long, 'preview'), final: await measure(long, 'final') },
  targets: { preview_ms: 5000, final15_ms: 20000 },
  peak_rss_mb: 0,
};
clearInterval(sampler);
result.machine.voice = tts.name;
result.peak_rss_mb = Math.round(Math.max(peakRss, process.resourceUsage().maxRSS * 1024) / 1024 / 1024);
console.log(JSON.stringify({ ...result, met: { preview: result.ad15.preview.ms <= 5000 && result.ad30.preview.ms <= 5000, final15: result.ad15.final.ms <= 20000 } }, null, 2));
await rm(dir, { recursive: true, force: true });
