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
  found.sort((a, b) => b.confidence - a.confidence);
  const lines: OcrLine[] = [];
  for (const line of found) {
    if (line.text.replace(/[^A-Za-z0-9%$€£]/g, '').length < 4 && line.confidence < 75) continue;
    if (!lines.some((kept) => overlap(kept.box, line.box) > 0.5)) lines.push(line);
  }
  lines.sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  return { text: lines.map((l) => l.text).join('\n'), lines, confidence: lines.length ? lines.reduce((s, l) => s + l.confidence, 0) / lines.length : 0 };
}

/** Frees the recogniser (tests and shutdown). */
export async function closeOcr(): Promise<void> {
  const pending = recogniser;
  recogniser = undefined;
  if (pending) await (await pending).terminate();
}
