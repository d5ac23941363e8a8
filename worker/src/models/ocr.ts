import { createRequire } from 'node:module';
import sharp from 'sharp';
import { createWorker, PSM, type Worker } from 'tesseract.js';

/**
 * OCR for ad images: tesseract.js with the English model from the `@tesseract.js-data/eng` npm
 * package, read from its own folder (never a CDN, never the working directory). One recogniser
 * per worker process, created on first use and reused; calls are serialised by tesseract itself.
 */
export interface OcrLine {
  text: string;
  /** Pixels in the image read. */
  box: { x: number; y: number; width: number; height: number };
  /** 0–100 as tesseract reports it. */
  confidence: number;
}

export interface OcrResult {
  text: string;
  lines: OcrLine[];
  confidence: number;
}

const require = createRequire(import.meta.url);
let recogniser: Promise<Worker> | undefined;

function worker(): Promise<Worker> {
  recogniser ??= (async () => {
    const data = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };
    const ocr = await createWorker('eng', 1, { langPath: data.langPath, gzip: data.gzip, cacheMethod: 'none', logger: () => {}, errorHandler: () => {} });
    // Ads are sparse text on pictures (a headline, a badge, a button): find text wherever it is.
    await ocr.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, user_defined_dpi: '144' });
    return ocr;
  })();
  return recogniser;
}

/** Creates the recogniser ahead of the first ad (the worker does this when it starts). */
export async function warmOcr(): Promise<void> {
  await worker();
}

async function recognise(image: Buffer): Promise<OcrLine[]> {
  const ocr = await worker();
  const { data } = await ocr.recognize(image, {}, { blocks: true, text: true });
  const lines: OcrLine[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const text = line.text.replace(/\s+/g, ' ').trim();
        // Specks read as a character or two of punctuation are not text on the ad.
        if (text.replace(/[^A-Za-z0-9%$€£]/g, '').length < 2) continue;
        const { x0, y0, x1, y1 } = line.bbox;
        lines.push({ text, box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, confidence: line.confidence });
      }
    }
  }
  return lines;
}

const overlap = (a: OcrLine['box'], b: OcrLine['box']) => {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? (w * h) / Math.min(a.width * a.height, b.width * b.height) : 0;
};

/**
 * White type over a photo: a photo's light patches cross every grey cut the type does, but the
 * type itself is white — every channel near 255 and no colour — where a photo rarely is. Those
 * pixels become black on white.
 */
async function whiteType(image: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const out = Buffer.alloc(info.width * info.height);
  for (let p = 0; p < out.length; p++) {
    const r = data[p * 3]!;
    const g = data[p * 3 + 1]!;
    const b = data[p * 3 + 2]!;
    out[p] = Math.min(r, g, b) >= 225 && Math.max(r, g, b) - Math.min(r, g, b) <= 24 ? 0 : 255;
  }
  return sharp(out, { raw: { width: info.width, height: info.height, channels: 1 } }).png().toBuffer();
}

/** Grey levels the ad is cut at before reading: dark type on a light button, mid and light type on colour. */
const THRESHOLDS = [50, 128, 210];

/**
 * Reads the text of an image, line by line with boxes and confidences. Ads mix light type on dark
 * and dark type on light (a white button on a blue ad), which one global threshold cannot both
 * keep: the image is read cut at a few grey levels, and the lines of every reading kept, the surer
 * reading winning where they overlap. Short readings of low confidence (specks) are dropped.
 */
export async function readText(image: Buffer): Promise<OcrResult> {
  const grey = sharp(image).removeAlpha().greyscale();
  const found: OcrLine[] = [];
  for (const t of THRESHOLDS) found.push(...(await recognise(await grey.clone().threshold(t).png().toBuffer())));
  found.push(...(await recognise(await whiteType(image))));
  // Where readings overlap, the surer and fuller one wins: a whole line read at 90% beats a
  // fragment of it read at 95%.
  const weight = (l: OcrLine) => l.confidence * Math.sqrt(l.text.replace(/[^A-Za-z0-9%$€£]/g, '').length);
  found.sort((a, b) => weight(b) - weight(a));
  const lines: OcrLine[] = [];
  for (const line of found) {
    if (line.text.replace(/[^A-Za-z0-9%$€£]/g, '').length < 4 && line.confidence < 75) continue;
    if (!lines.some((kept) => overlap(kept.box, line.box) > 0.5)) lines.push(line);
  }
  lines.sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  return { text: lines.map((l) => l.text).join('\n'), lines, confidence: lines.length ? lines.reduce((s, l) => s + l.confidence, 0) / lines.length : 0 };
}

/** The grey level that best splits a region into two groups (Otsu), for a region's own cut. */
export function otsu(grey: Uint8Array): number {
  const histogram = new Array<number>(256).fill(0);
  for (const v of grey) histogram[v]!++;
  const total = grey.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * histogram[i]!;
  let [sumB, weightB, best, level] = [0, 0, -1, 128];
  for (let t = 0; t < 256; t++) {
    weightB += histogram[t]!;
    if (weightB === 0) continue;
    const weightF = total - weightB;
    if (weightF === 0) break;
    sumB += t * histogram[t]!;
    const meanB = sumB / weightB;
    const meanF = (sum - sumB) / weightF;
    const between = weightB * weightF * (meanB - meanF) ** 2;
    if (between > best) [best, level] = [between, t];
  }
  return level;
}

/**
 * Reads the words inside one shape (a button, a badge) with a cut of its own: the region's grey
 * levels split where they best separate (Otsu), the fill made white and the words black whichever
 * was lighter, enlarged to a comfortable type size and framed in white. Lines come back in the
 * ad's pixels.
 */
export async function readRegion(image: Buffer, box: OcrLine['box']): Promise<OcrLine[]> {
  // A little inside the shape's edge, so a rounded border or outline is not read as a letter.
  const inset = Math.round(Math.min(box.height, box.width) * 0.1);
  const region = { left: box.x + inset, top: box.y + inset, width: Math.max(1, box.width - 2 * inset), height: Math.max(1, box.height - 2 * inset) };
  const { data, info } = await sharp(image).removeAlpha().extract(region).greyscale().raw().toBuffer({ resolveWithObject: true });
  const level = otsu(data);
  let light = 0;
  for (const v of data) if (v > level) light++;
  // The fill is the larger part: it becomes white, the words black.
  const fillIsLight = light >= data.length / 2;
  const factor = Math.min(4, Math.max(1, 120 / info.height));
  // Fill white, words black, whichever way round they were.
  const binary = Buffer.alloc(data.length);
  for (let i = 0; i < data.length; i++) binary[i] = data[i]! > level === fillIsLight ? 255 : 0;
  const png = await sharp(binary, { raw: { width: info.width, height: info.height, channels: 1 } })
    .resize(Math.round(info.width * factor), Math.round(info.height * factor), { kernel: 'cubic' })
    .extend({ top: 24, bottom: 24, left: 24, right: 24, background: '#ffffff' })
    .png()
    .toBuffer();
  const lines = await recognise(png);
  return lines.map((line) => ({
    ...line,
    box: {
      x: region.left + Math.round(Math.max(0, line.box.x - 24) / factor),
      y: region.top + Math.round(Math.max(0, line.box.y - 24) / factor),
      width: Math.round(line.box.width / factor),
      height: Math.round(line.box.height / factor),
    },
  }));
}

/** Frees the recogniser (tests and shutdown). */
export async function closeOcr(): Promise<void> {
  const pending = recogniser;
  recogniser = undefined;
  if (pending) await (await pending).terminate();
}
