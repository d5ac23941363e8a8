/**
 * A competitor ad, read the way a media buyer reads it: its words (OCR), which of them are the
 * headline, the offer, the price and the call to action, how much of it is text (share of the
 * area and the old 5×5 grid rule), its palette and the headline's contrast, where text and product
 * sit, which placements it fits, and a score with the reasons. Every reading says where it came
 * from; readings of low OCR confidence are marked as estimates.
 */
import sharp from 'sharp';
import { AD_LIMITS, AD_PLACEMENTS, AD_PLACEMENT_KEYS, contrastRatio, type AdField, type AdReport } from '@shotcraft/shared/jobs/studios/ads.ts';
import { backgroundMask, estimateBackground } from '../../image/background-mask.js';
import { boundingBox } from '../../models/cutout/product-mask.js';
import { detectFaces, type FaceBox } from '../../models/faces.js';
import { readRegion, readText, type OcrLine, type OcrResult } from '../../models/ocr.js';
import { findShapes, type Box, type Shape } from './shapes.js';

type Rgb = [number, number, number];
const hex = ([r, g, b]: Rgb) => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const dist2 = (a: Rgb, b: Rgb) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;

/** k-means on pixels: the k colours an image is made of, with their shares. */
export function kMeans(data: Uint8Array, k: number, iterations = 10): { colour: Rgb; share: number }[] {
  const n = Math.floor(data.length / 3);
  const px = (i: number): Rgb => [data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!];
  // Farthest-point start: deterministic and spread over the colours present.
  const centres: Rgb[] = [px(0)];
  while (centres.length < k) {
    let best = 0;
    let far = -1;
    for (let i = 0; i < n; i += 3) {
      const d = Math.min(...centres.map((c) => dist2(c, px(i))));
      if (d > far) [far, best] = [d, i];
    }
    if (far <= 0) break;
    centres.push(px(best));
  }
  const counts = new Array<number>(centres.length).fill(0);
  for (let it = 0; it < iterations; it++) {
    const sums = centres.map(() => [0, 0, 0]);
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const p = px(i);
      let j = 0;
      let d = Infinity;
      centres.forEach((c, ci) => {
        const dd = dist2(c, p);
        if (dd < d) [d, j] = [dd, ci];
      });
      counts[j]!++;
      sums[j]![0]! += p[0];
      sums[j]![1]! += p[1];
      sums[j]![2]! += p[2];
    }
    centres.forEach((_, ci) => {
      if (counts[ci]) centres[ci] = [sums[ci]![0]! / counts[ci]!, sums[ci]![1]! / counts[ci]!, sums[ci]![2]! / counts[ci]!];
    });
  }
  return centres.map((colour, i) => ({ colour, share: counts[i]! / n })).filter((c) => c.share > 0).sort((a, b) => b.share - a.share);
}

/** Offers, strongest first: a line with a percentage beats a line that only says "sale". */
const OFFERS = [/\d+\s?%|\bbogo\b|buy one|free shipping|\$\d+ off|\b\d+\s?(?:for|x)\s?[$€£]?\d|\bbuy \d+,? get \d+/i, /\boff\b|\bsave\b|\bfree\b|discount|\bdeal\b/i, /\bsale\b|limited time|today only|last chance/i];
/** A price in the common formats: $1,299 · $49.99 · €129 · £6.50 · 19,99 € · 120 USD · 1.299,00 €. */
const PRICE = /([$€£]\s?\d{1,3}(?:[,.\s]\d{3})*(?:[.,]\d{1,2})?(?!\d)|\d{1,3}(?:[.\s]\d{3})*(?:[.,]\d{1,2})?\s?(?:€|£|\$|usd|eur|gbp)(?![a-z]))/i;
const CTA = /\b(shop now|buy now|order now|order today|learn more|sign up|get (?:yours|it|started|the deal|\d+% off)|try (?:it )?(?:free|now|today)|download|book now|subscribe|add to cart|discover more|see more|claim (?:yours|now|offer)|get offer|shop the (?:sale|collection))\b/i;

/** The aspect as people say it ('1:1', '4:5', '9:16'), or the ratio. */
export function aspectName(width: number, height: number): string {
  const r = width / height;
  const named: [string, number][] = [['1:1', 1], ['4:5', 0.8], ['9:16', 9 / 16], ['2:3', 2 / 3], ['16:9', 16 / 9], ['1.91:1', 1.91], ['3:4', 0.75]];
  const hit = named.find(([, v]) => Math.abs(r - v) / v <= 0.03);
  return hit ? hit[0] : `${r.toFixed(2)}:1`;
}

function where(line: OcrLine, height: number): string {
  const mid = (line.box.y + line.box.height / 2) / height;
  return mid < 1 / 3 ? 'top third' : mid < 2 / 3 ? 'middle third' : 'bottom third';
}

function fieldOf(line: OcrLine | undefined, index: number, height: number, match?: RegExp): AdField | null {
  if (!line) return null;
  const text = match ? (line.text.match(match)?.[0] ?? line.text) : line.text;
  return { text: text.trim(), source: `OCR line ${index + 1} (${where(line, height)}, ${Math.round(line.confidence)}% sure)`, estimate: line.confidence < 70 };
}

/** A line read with some certainty (≥ 50%) that holds a word of at least `letters` letters: text, not a picture's texture. */
const readsAsWords = (line: OcrLine, letters: number) => line.confidence >= 50 && new RegExp(`[A-Za-z]{${letters},}`).test(line.text);

/**
 * A headline set on two or three lines ("Handmade Leather / Bags") is one headline: the lines just
 * above and below in the same type size (box heights within 30%: descenders and capitals vary
 * them), gaps under 80% of a line's height, overlapping columns, that are words and no other field,
 * join it top to bottom.
 */
function wholeHeadline(lines: OcrLine[], at: number, taken: Set<number>): OcrLine {
  const first = lines[at]!;
  const joins = (a: OcrLine, b: OcrLine) => {
    const [top, bottom] = a.box.y <= b.box.y ? [a, b] : [b, a];
    const size = Math.min(a.box.height, b.box.height) / Math.max(a.box.height, b.box.height);
    const gap = bottom.box.y - (top.box.y + top.box.height);
    const overlap = Math.min(a.box.x + a.box.width, b.box.x + b.box.width) - Math.max(a.box.x, b.box.x);
    return size >= 0.7 && gap >= -0.2 * top.box.height && gap < 0.8 * top.box.height && overlap > 0;
  };
  const group = [first];
  for (let grew = true; grew && group.length < 3; ) {
    grew = false;
    for (let i = 0; i < lines.length && group.length < 3; i++) {
      const line = lines[i]!;
      if (taken.has(i) || group.includes(line) || !readsAsWords(line, 2)) continue;
      if (group.some((g) => joins(g, line))) {
        group.push(line);
        grew = true;
      }
    }
  }
  if (group.length === 1) return first;
  group.sort((a, b) => a.box.y - b.box.y);
  const x = Math.min(...group.map((l) => l.box.x));
  const y = group[0]!.box.y;
  return {
    text: group.map((l) => l.text.trim()).join(' '),
    box: { x, y, width: Math.max(...group.map((l) => l.box.x + l.box.width)) - x, height: group.at(-1)!.box.y + group.at(-1)!.box.height - y },
    confidence: Math.min(...group.map((l) => l.confidence)),
  };
}

/** The headline, offer, price and call to action among the lines read. */
export function pickFields(lines: OcrLine[], height: number): Pick<AdReport, 'headline' | 'offer' | 'cta' | 'price'> {
  const at = (re: RegExp) => lines.findIndex((l) => re.test(l.text));
  const ctaAt = at(CTA);
  // A price on its own ("$29.99") before one inside an offer ("Save $10").
  const standalone = lines.findIndex((l) => PRICE.test(l.text) && !/\b(save|off)\b/i.test(l.text));
  const priceAt = standalone >= 0 ? standalone : at(PRICE);
  const offerAt = OFFERS.map((re) => lines.findIndex((l, i) => i !== ctaAt && re.test(l.text))).find((i) => i >= 0) ?? -1;
  // The headline is the biggest type that is not the button or the price; ties go to the higher line.
  // Words first: a photo's texture read as big, unsure letters ("Eb lJ", 8% sure) is no headline.
  const candidates = lines.map((l, i) => ({ l, i })).filter(({ i }) => i !== ctaAt && i !== priceAt);
  const words = candidates.filter(({ l }) => readsAsWords(l, 3));
  const tallest = (words.length ? words : candidates).sort((a, b) => b.l.box.height - a.l.box.height || a.l.box.y - b.l.box.y)[0];
  const taken = new Set([ctaAt, priceAt, offerAt]);
  return {
    headline: tallest ? fieldOf(wholeHeadline(lines, tallest.i, taken), tallest.i, height) : null,
    offer: offerAt >= 0 ? fieldOf(lines[offerAt], offerAt, height) : null,
    cta: ctaAt >= 0 ? fieldOf(lines[ctaAt], ctaAt, height, CTA) : null,
    price: priceAt >= 0 ? fieldOf(lines[priceAt], priceAt, height, PRICE) : null,
  };
}

/** Share of the ad covered by text boxes, and which of its 5×5 cells hold text (≥ 2% of a cell). */
export function textDensity(lines: OcrLine[], width: number, height: number): AdReport['density'] {
  const covered = new Uint8Array(100 * 100);
  for (const { box } of lines) {
    for (let y = Math.floor((box.y / height) * 100); y < Math.min(100, Math.ceil(((box.y + box.height) / height) * 100)); y++) {
      for (let x = Math.floor((box.x / width) * 100); x < Math.min(100, Math.ceil(((box.x + box.width) / width) * 100)); x++) covered[y * 100 + x] = 1;
    }
  }
  const share = covered.reduce((s, v) => s + v, 0) / covered.length;
  const cells = Array.from({ length: 25 }, (_, c) => {
    const cx = (c % 5) * 20;
    const cy = Math.floor(c / 5) * 20;
    let n = 0;
    for (let y = cy; y < cy + 20; y++) for (let x = cx; x < cx + 20; x++) n += covered[y * 100 + x]!;
    return n / 400 >= 0.02;
  });
  const cellCount = cells.filter(Boolean).length;
  return { share: Number(share.toFixed(3)), cells, cellCount, passes: share <= AD_LIMITS.maxTextShare && cellCount <= AD_LIMITS.maxTextCells };
}

/** The headline's text and background colours (two colours inside its box) and their contrast. */
async function headlineContrast(image: sharp.Sharp, line: OcrLine | undefined, index: number): Promise<AdReport['contrast']> {
  if (!line || line.box.width < 4 || line.box.height < 4) return null;
  const { data } = await image.clone().extract({ left: line.box.x, top: line.box.y, width: line.box.width, height: line.box.height }).resize(160, 60, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [background, text] = kMeans(data, 2);
  if (!background || !text) return null;
  const ratio = contrastRatio(hex(text.colour), hex(background.colour));
  return { ratio: Number(ratio.toFixed(2)), text: hex(text.colour), background: hex(background.colour), passes: ratio >= AD_LIMITS.minContrast, source: `colours inside OCR line ${index + 1}` };
}

/** Where the product is: what differs from the border colour, text boxes left out; null when nothing stands out. */
async function productBox(image: sharp.Sharp, lines: OcrLine[], shapes: Shape[], width: number, height: number): Promise<AdReport['layout']['product']> {
  const size = 128;
  const { data, info } = await image.clone().resize(size, size, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { mask } = backgroundMask({ data, width: info.width, height: info.height }, estimateBackground({ data, width: info.width, height: info.height }));
  // A text box with a margin of its own height: buttons and badges around words are not the product.
  const inText = (x: number, y: number) =>
    lines.some(({ box }) => {
      const m = box.height * 1.6;
      return x >= ((box.x - m) / width) * size && x <= ((box.x + box.width + m) / width) * size && y >= ((box.y - m) / height) * size && y <= ((box.y + box.height + m) / height) * size;
    }) ||
    // Buttons and badges are not the product either.
    shapes.some(({ box }) => x >= (box.x / width) * size - 1 && x <= ((box.x + box.width) / width) * size + 1 && y >= (box.y / height) * size - 1 && y <= ((box.y + box.height) / height) * size + 1);
  const keep = new Uint8Array(size * size);
  let n = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (mask[y * size + x]! >= 128 || inText(x, y)) continue;
      keep[y * size + x] = 1;
      n++;
    }
  }
  if (n < size * size * 0.02) return null;
  // The largest connected part: a photo's stray patches or a badge's corner do not widen the box.
  const seen = new Int32Array(size * size);
  let best: { area: number; minX: number; minY: number; maxX: number; maxY: number; label: number } | null = null;
  const stack: number[] = [];
  for (let start = 0; start < keep.length; start++) {
    if (!keep[start] || seen[start]) continue;
    const part = { area: 0, minX: size, minY: size, maxX: -1, maxY: -1, label: start + 1 };
    seen[start] = start + 1;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % size;
      const y = (p - x) / size;
      part.area++;
      part.minX = Math.min(part.minX, x);
      part.maxX = Math.max(part.maxX, x);
      part.minY = Math.min(part.minY, y);
      part.maxY = Math.max(part.maxY, y);
      for (const q of [x > 0 ? p - 1 : -1, x < size - 1 ? p + 1 : -1, p - size, p + size]) {
        if (q < 0 || q >= keep.length || !keep[q] || seen[q]) continue;
        seen[q] = start + 1;
        stack.push(q);
      }
    }
    if (!best || part.area > best.area) best = part;
  }
  if (!best || best.area < size * size * 0.015) return null;
  const box = { x: best.minX / size, y: best.minY / size, width: (best.maxX - best.minX + 1) / size, height: (best.maxY - best.minY + 1) / size };
  // Where the sharp edges are much smaller than the part, the part took in a photo's blotches.
  const label = best.label;
  const outline = sharpOutline(data, size, (p) => seen[p] === label);
  return outline && outline.width * outline.height < box.width * box.height * 0.6 ? outline : box;
}

/**
 * Over a photo, what differs from the border's colours takes in the photo's blotches with the
 * product. A product's outline is sharp where a photo behind it is soft (its depth of field): the
 * box of the part's strongest edges is the product's.
 */
function sharpOutline(rgb: Buffer, size: number, inPart: (p: number) => boolean): { x: number; y: number; width: number; height: number } | null {
  const grey = new Float32Array(size * size);
  for (let p = 0; p < grey.length; p++) grey[p] = 0.299 * rgb[p * 3]! + 0.587 * rgb[p * 3 + 1]! + 0.114 * rgb[p * 3 + 2]!;
  const magnitude = new Float32Array(size * size);
  let strongest = 0;
  for (let y = 1; y < size - 1; y++) {
    for (let x = 1; x < size - 1; x++) {
      const p = y * size + x;
      if (!inPart(p)) continue;
      const gx = grey[p - size + 1]! + 2 * grey[p + 1]! + grey[p + size + 1]! - grey[p - size - 1]! - 2 * grey[p - 1]! - grey[p + size - 1]!;
      const gy = grey[p + size - 1]! + 2 * grey[p + size]! + grey[p + size + 1]! - grey[p - size - 1]! - 2 * grey[p - size]! - grey[p - size + 1]!;
      magnitude[p] = Math.hypot(gx, gy);
      strongest = Math.max(strongest, magnitude[p]!);
    }
  }
  // No edge worth the name (a soft gradient): nothing to say.
  if (strongest < 60) return null;
  const strong = Uint8Array.from(magnitude, (m) => (m >= strongest * 0.15 ? 1 : 0));
  const found = boundingBox(strong, size, size, 1);
  return found && { x: found.left / size, y: found.top / size, width: found.width / size, height: found.height / size };
}

function placementsFor(width: number, height: number, lines: OcrLine[]): AdReport['placements'] {
  const r = width / height;
  return AD_PLACEMENT_KEYS.map((key) => {
    const p = AD_PLACEMENTS[key];
    const target = p.width / p.height;
    const off = (r - target) / target;
    if (Math.abs(off) > 0.03) {
      return { key, label: p.label, fits: false, reason: off > 0 ? `${Math.round(off * 100)}% too wide: needs a crop or a re-layout` : `${Math.round(-off * 100)}% too tall: needs a crop or a re-layout` };
    }
    const unsafe = lines.filter(({ box }) => box.y / height < p.safe.top || (box.y + box.height) / height > 1 - p.safe.bottom);
    if (unsafe.length) return { key, label: p.label, fits: false, reason: `the size fits, but “${unsafe[0]!.text.slice(0, 30)}” sits where the app draws its own buttons` };
    return { key, label: p.label, fits: true, reason: p.safe.top ? 'the size fits and the text stays inside the safe zone' : 'the size fits' };
  });
}

function scoreOf(report: Omit<AdReport, 'score' | 'reasons'>): { score: number; reasons: AdReport['reasons'] } {
  const reasons: AdReport['reasons'] = [];
  let score = 100;
  const hit = (good: boolean, text: string, cost: number) => {
    reasons.push({ good, text });
    if (!good) score -= cost;
  };
  hit(!!report.headline, report.headline ? `A clear headline: “${report.headline.text}”` : 'No headline could be read', 15);
  hit(!!report.offer, report.offer ? `It leads with an offer: “${report.offer.text}”` : 'No offer: nothing tells the viewer why to act now', 10);
  hit(!!report.cta, report.cta ? `It asks for the click: “${report.cta.text}”` : 'No call to action on the image', 10);
  hit(report.density.share <= AD_LIMITS.maxTextShare, `Text covers ${Math.round(report.density.share * 100)}% of the ad${report.density.share <= AD_LIMITS.maxTextShare ? '' : ' (over 20% reads as busy)'}`, 15);
  hit(report.density.cellCount <= AD_LIMITS.maxTextCells, `Text in ${report.density.cellCount} of 25 grid cells${report.density.cellCount <= AD_LIMITS.maxTextCells ? '' : ' (more than 5)'}`, 5);
  if (report.contrast) hit(report.contrast.passes, `Headline contrast ${report.contrast.ratio}:1${report.contrast.passes ? '' : ' (below 4.5:1: hard to read on a phone)'}`, 15);
  if (report.layout.product) hit(report.layout.product.width * report.layout.product.height >= 0.12, report.layout.product.width * report.layout.product.height >= 0.12 ? 'The product is big enough to recognise in a feed' : 'The product is small in the frame', 10);
  hit(report.placements.some((p) => p.fits), report.placements.some((p) => p.fits) ? `Ready for ${report.placements.filter((p) => p.fits).map((p) => p.label).join(', ')}` : 'It fits no standard placement as it is', 10);
  const people = report.layout.faces.length;
  if (people) reasons.push({ good: true, text: people === 1 ? 'A face in the ad: people stop for people in a feed' : `${people} faces in the ad: people stop for people in a feed` });
  if (report.text.estimate) reasons.push({ good: false, text: 'Some text was hard to read: its readings are estimates' });
  return { score: Math.max(0, Math.min(100, score)), reasons };
}

const inside = (outer: Box, inner: Box) => {
  const w = Math.min(outer.x + outer.width, inner.x + inner.width) - Math.max(outer.x, inner.x);
  const h = Math.min(outer.y + outer.height, inner.y + inner.height) - Math.max(outer.y, inner.y);
  return w > 0 && h > 0 ? (w * h) / (inner.width * inner.height) : 0;
};

/**
 * The words inside buttons and badges, each shape read with a cut of its own: white type on a
 * green button sits at a grey level no cut of the whole ad keeps. A shape's reading replaces what
 * the whole-ad reading made of the same place when it is surer or names a call to action.
 */
async function readShapes(png: Buffer, lines: OcrLine[], shapes: Shape[], read: (png: Buffer, box: Box) => Promise<OcrLine[]>): Promise<OcrLine[]> {
  let merged = [...lines];
  for (const shape of shapes) {
    const within = merged.filter((l) => inside(shape.box, l.box) > 0.5);
    if (within.some((l) => CTA.test(l.text) && l.confidence >= 80)) continue;
    const found = (await read(png, shape.box)).filter((l) => /[A-Za-z0-9]{2}/.test(l.text) && l.confidence >= 50);
    if (found.length === 0) continue;
    const surer = found.reduce((s, l) => s + l.confidence, 0) / found.length > Math.max(0, ...within.map((l) => l.confidence)) || found.some((l) => CTA.test(l.text) || PRICE.test(l.text));
    if (!surer) continue;
    merged = [...merged.filter((l) => !within.includes(l)), ...found];
  }
  return merged;
}

type FaceDetector = (rgb: Uint8Array, width: number, height: number) => Promise<FaceBox[]>;

/** The long side faces are looked for at: a face a detector finds is never smaller than this makes it. */
const FACE_SIDE = 1280;

/** Faces in the ad, as shares of its width and height (largest first). */
async function faces(png: Buffer, width: number, height: number, detect: FaceDetector): Promise<AdReport['layout']['faces']> {
  const k = Math.min(1, FACE_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * k));
  const h = Math.max(1, Math.round(height * k));
  const rgb = await sharp(png).resize(w, h, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const round = (v: number) => Number(v.toFixed(3));
  return (await detect(rgb, w, h)).map((f) => ({ x: round(f.x / w), y: round(f.y / h), width: round(f.width / w), height: round(f.height / h) }));
}

/** Reads one ad image (any format sharp decodes; EXIF orientation applied). */
export async function analyzeAd(
  input: Buffer,
  ocr: (png: Buffer) => Promise<OcrResult> = readText,
  region: (png: Buffer, box: Box) => Promise<OcrLine[]> = readRegion,
  detect: FaceDetector = detectFaces,
): Promise<AdReport> {
  const image = sharp(input, { failOn: 'error' }).rotate();
  const png = await image.clone().png().toBuffer();
  const { width = 0, height = 0 } = await sharp(png).metadata();
  const [read, shapes, faceBoxes] = await Promise.all([ocr(png), findShapes(png, width, height), faces(png, width, height, detect)]);
  const lines = (await readShapes(png, read.lines, shapes, region)).sort((a, b) => a.box.y - b.box.y);
  const fields = pickFields(lines, height);
  const headlineIndex = fields.headline ? lines.findIndex((l) => l.text.startsWith(fields.headline!.text)) : -1;
  const base = sharp(png);
  const { data } = await base.clone().resize(64, 64, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const palette = kMeans(data, 5).filter((c) => c.share >= 0.02).map((c) => ({ hex: hex(c.colour), share: Number(c.share.toFixed(3)) }));
  const [contrast, product] = await Promise.all([headlineContrast(base, lines[headlineIndex], headlineIndex), productBox(base, lines, shapes, width, height)]);
  const textMid = lines.length ? lines.reduce((s, l) => s + l.box.y + l.box.height / 2, 0) / lines.length / height : 0.5;
  const side = product ? (product.x + product.width / 2 < 0.4 ? 'left' : product.x + product.width / 2 > 0.6 ? 'right' : 'centre') : 'centre';
  const report: Omit<AdReport, 'score' | 'reasons'> = {
    width,
    height,
    aspect: aspectName(width, height),
    text: { full: read.text, lines, confidence: Math.round(read.confidence), estimate: read.confidence < 70 },
    ...fields,
    density: textDensity(lines, width, height),
    palette,
    contrast,
    layout: {
      text: lines.length ? (textMid < 1 / 3 ? 'text in the top third' : textMid < 2 / 3 ? 'text across the middle' : 'text in the bottom third') : 'no text',
      product,
      productSide: side,
      faces: faceBoxes,
      note: 'Product from the pixels unlike the background (over a photo, where its edges are sharp), text boxes left out; faces from a face detector.',
    },
    placements: placementsFor(width, height, lines),
  };
  return { ...report, ...scoreOf(report) };
}
