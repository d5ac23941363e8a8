/**
 * Framing a spin: every frame gets the same crop, so the product turns in place instead of
 * wandering. Pure functions over small RGB copies (one per frame): where the product is (the
 * pixels unlike the border's colour, as in ../image/background-mask.ts), how bright the frame is,
 * and then one crop around the union of all product boxes, at the output's aspect.
 */
import type { RgbPixels } from '../../image/analysis.js';
import { backgroundMask, estimateBackground } from '../../image/background-mask.js';

/** A box in fractions of the frame (0–1 on each axis; a crop may reach past the edges). */
export interface UnitBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface FrameAnalysis {
  /** Where the product is, or null when nothing stands out from the background. */
  product: UnitBox | null;
  /** Mean luma 0–255 of the frame. */
  luma: number;
  /** The background's colour, to fill a crop that reaches past the frame. */
  background: [number, number, number];
}

/** Rows or columns with fewer product pixels than this share are noise (dust, a cable). */
const MIN_LINE_SHARE = 0.01;

export function analyseFrame(pixels: RgbPixels): FrameAnalysis {
  const { data, width, height } = pixels;
  const estimate = estimateBackground(pixels);
  const { mask } = backgroundMask(pixels, estimate);
  const cols = new Uint32Array(width);
  const rows = new Uint32Array(height);
  let lumaSum = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const i = p * 3;
      lumaSum += 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
      // 255 is background: a pixel mostly unlike it belongs to the product.
      if (mask[p]! < 128) {
        cols[x]!++;
        rows[y]!++;
      }
    }
  }
  const span = (counts: Uint32Array, across: number): [number, number] | null => {
    const min = Math.max(1, across * MIN_LINE_SHARE);
    let first = -1;
    let last = -1;
    counts.forEach((c, i) => {
      if (c >= min) {
        if (first < 0) first = i;
        last = i;
      }
    });
    return first < 0 ? null : [first, last + 1];
  };
  const xs = span(cols, height);
  const ys = span(rows, width);
  // A "product" that fills the whole frame is no product: the border test found nothing to go by.
  const product = xs && ys && !(xs[1] - xs[0] >= width * 0.98 && ys[1] - ys[0] >= height * 0.98)
    ? { left: xs[0] / width, top: ys[0] / height, width: (xs[1] - xs[0]) / width, height: (ys[1] - ys[0]) / height }
    : null;
  return { product, luma: lumaSum / (width * height), background: estimate.colour };
}

export function unionBox(boxes: (UnitBox | null)[]): UnitBox | null {
  const found = boxes.filter((b): b is UnitBox => b !== null);
  if (found.length === 0) return null;
  const left = Math.min(...found.map((b) => b.left));
  const top = Math.min(...found.map((b) => b.top));
  const right = Math.max(...found.map((b) => b.left + b.width));
  const bottom = Math.max(...found.map((b) => b.top + b.height));
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * The crop every frame gets: the union of the product boxes with a margin, centred, at `aspect`
 * (width / height) — in fractions of a frame whose own aspect is `frameAspect`. Without a product
 * the whole frame, cut to the aspect around its centre. A crop may reach past the frame when the
 * product is near an edge; the renderer fills that with the background colour.
 */
export function cropFor(union: UnitBox | null, frameAspect: number, aspect: number, margin = 0.1): UnitBox {
  // Work in units of the frame's height, where a box's aspect is real.
  let cx: number;
  let cy: number;
  let w: number;
  let h: number;
  if (union) {
    cx = (union.left + union.width / 2) * frameAspect;
    cy = union.top + union.height / 2;
    w = union.width * frameAspect * (1 + 2 * margin);
    h = union.height * (1 + 2 * margin);
    if (w / h < aspect) w = h * aspect;
    else h = w / aspect;
  } else {
    cx = frameAspect / 2;
    cy = 0.5;
    h = Math.min(1, frameAspect / aspect);
    w = h * aspect;
  }
  // Never bigger than the frame would need to hold the crop at this aspect.
  const maxH = Math.max(1, frameAspect / aspect);
  if (h > maxH) {
    h = maxH;
    w = h * aspect;
  }
  // Slide the crop inside the frame where it fits, so the background need not be invented.
  const shift = (centre: number, size: number, limit: number) => (size >= limit ? limit / 2 : Math.min(Math.max(centre, size / 2), limit - size / 2));
  cx = shift(cx, w, frameAspect);
  cy = shift(cy, h, 1);
  return { left: (cx - w / 2) / frameAspect, top: cy - h / 2, width: w / frameAspect, height: h };
}

/** Gains that bring every frame's brightness to the sequence's median, within ±30%. */
export function exposureGains(lumas: number[]): number[] {
  const sorted = [...lumas].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 128;
  return lumas.map((l) => (l > 1 ? Math.min(1.3, Math.max(0.7, median / l)) : 1));
}
