import sharp from 'sharp';
import { WorkerError } from '../../http/errors.js';
import { fromDecoded } from '../../image/raw.js';
import type { DecodedImage } from '../../image/validate.js';
import type { CutoutProvider } from './index.js';
import { decontaminateEdges } from './edge-colour.js';
import { cutoutDoubt, refineMask } from './refine-mask.js';

/** The long side the cut-out model sees: about its own input size, whatever the photo's. */
export const MASK_SIZE = 1024;

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The product, cut out at full resolution: an RGBA crop around it, and where it sat in the photo. */
export interface CutProduct {
  rgba: Buffer;
  width: number;
  height: number;
  box: Box;
  /** The edge deserves a look before it is published (see cutoutDoubt). */
  doubtful: boolean;
}

/**
 * Runs the cut-out on a ~1024 px copy, then applies the mask to the full-resolution photo with a
 * feathered edge, so a 12 MP photo stays sharp where it matters (the product itself); the edge's
 * colours are the product's, not the old background's (decontaminateEdges).
 */
export async function cutOutProduct(image: DecodedImage, provider: CutoutProvider): Promise<CutProduct> {
  const scale = Math.min(1, MASK_SIZE / Math.max(image.width, image.height));
  const sw = Math.max(1, Math.round(image.width * scale));
  const sh = Math.max(1, Math.round(image.height * scale));
  const smallRgb = await fromDecoded(image).resize(sw, sh, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const png = await sharp(smallRgb, { raw: { width: sw, height: sh, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
  const model = await provider.mask({ png, width: sw, height: sh });
  // Worked on as a copy: the model's own answer stays as it came (a caller may keep it).
  const raw = model.data;
  const mask = { ...model, data: Buffer.from(raw) };
  const area = countAtLeast(raw, 128);
  keepMainProduct(mask.data, mask.width, mask.height);
  const kept = countAtLeast(mask.data, 128);
  firmUp(mask.data);
  // A hosted provider may answer at another size: the colours are only read where they line up.
  const { removed } = mask.width === sw && mask.height === sh ? refineMask(mask.data, smallRgb, sw, sh) : { removed: 0 };
  if (removed) sweepCrumbs(mask.data, mask.width, mask.height, removed);
  const doubtful = area > 0 && cutoutDoubt(raw, mask.data, mask.width, (area - kept) / area, removed / area);

  const found = boundingBox(mask.data, mask.width, mask.height, 128);
  if (!found) throw new WorkerError('no_product_found', 'No product could be found in this photo. Use a photo where the product stands out from its background.');

  // The box in full-resolution pixels, with a little room for the feathered edge.
  const k = image.width / mask.width;
  const pad = Math.ceil(4 * k);
  const left = Math.max(0, Math.floor(found.left * k) - pad);
  const top = Math.max(0, Math.floor(found.top * k) - pad);
  const box = { left, top, width: Math.min(image.width - left, Math.ceil(found.width * k) + 2 * pad), height: Math.min(image.height - top, Math.ceil(found.height * k) + 2 * pad) };

  const feather = Math.max(0.6, k * 0.7);
  const alpha = await sharp(mask.data, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .resize(image.width, image.height, { fit: 'fill', kernel: 'cubic' })
    .extract(box)
    .blur(feather)
    // One band out, not the three sharp would make of it.
    .extractChannel(0)
    .raw()
    .toBuffer();
  // Two steps: sharp orders its own operations, and a crop must come before the join.
  const rgb = await fromDecoded(image).extract(box).removeAlpha().raw().toBuffer();
  const rgba = await sharp(rgb, { raw: { width: box.width, height: box.height, channels: 3 } })
    .joinChannel(alpha, { raw: { width: box.width, height: box.height, channels: 1 } })
    .raw()
    .toBuffer();
  await decontaminateEdges(rgba, box.width, box.height);
  return { rgba, width: box.width, height: box.height, box, doubtful };
}

/**
 * What the colours removed may leave crumbs of background apart from the product: they go. But a
 * cut through a thin part (a plant's stem) would take what hangs on it too: then only the colours'
 * own removals stand.
 */
function sweepCrumbs(mask: Buffer, width: number, height: number, removed: number): void {
  const before = Buffer.from(mask);
  keepMainProduct(mask, width, height);
  let dropped = 0;
  for (let p = 0; p < mask.length; p++) if (before[p]! >= 128 && mask[p]! < 128) dropped++;
  if (dropped > removed * 0.25) before.copy(mask);
}

function countAtLeast(data: Uint8Array, threshold: number): number {
  let n = 0;
  for (let p = 0; p < data.length; p++) if (data[p]! >= threshold) n++;
  return n;
}

/** The smallest box holding every value at or above `threshold`; null when there is none. */
export function boundingBox(data: Uint8Array, width: number, height: number, threshold: number): Box | null {
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (data[row + x]! >= threshold) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  return maxX < 0 ? null : { left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/**
 * Keeps the product and drops small things the model also found salient (a fruit bowl behind a
 * bottle): the largest connected region survives, and any other at least a third of its size
 * (a pair of shoes is two regions). Works in place on the small mask.
 */
export function keepMainProduct(mask: Buffer, width: number, height: number, threshold = 128): void {
  const labels = new Int32Array(width * height);
  const sizes: number[] = [0];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (labels[start] !== 0 || mask[start]! < threshold) continue;
    const label = sizes.length;
    let size = 0;
    labels[start] = label;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      size++;
      const x = p % width;
      const neighbours = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width];
      for (const q of neighbours) {
        if (q < 0 || q >= mask.length || labels[q] !== 0 || mask[q]! < threshold) continue;
        labels[q] = label;
        stack.push(q);
      }
    }
    sizes.push(size);
  }
  const largest = Math.max(0, ...sizes);
  const keep = sizes.map((size) => size >= largest / 3);
  // Soft edge pixels (below the threshold) belong to the region next to them; elsewhere they go.
  for (let p = 0; p < mask.length; p++) {
    const label = labels[p]!;
    if (label !== 0) {
      if (!keep[label]) mask[p] = 0;
    } else if (mask[p]! > 0 && !nearKept(labels, keep, p, width)) {
      mask[p] = 0;
    }
  }
}

function nearKept(labels: Int32Array, keep: boolean[], p: number, width: number): boolean {
  for (let dy = -2; dy <= 2; dy++) {
    for (let dx = -2; dx <= 2; dx++) {
      const q = p + dy * width + dx;
      const label = q >= 0 && q < labels.length ? labels[q]! : 0;
      if (label !== 0 && keep[label]) return true;
    }
  }
  return false;
}

/** The model is rarely certain: near-certain pixels become fully product or fully background. */
export function firmUp(mask: Buffer, low = 12, high = 240): void {
  for (let p = 0; p < mask.length; p++) {
    const v = mask[p]!;
    mask[p] = v <= low ? 0 : v >= high ? 255 : Math.round(((v - low) * 255) / (high - low));
  }
}
