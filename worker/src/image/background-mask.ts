/**
 * Background estimation for product photos without a segmentation model: the border of a product
 * shot is background, so its colour (median of a border ring) defines "background", and every pixel
 * close to that colour AND connected to the border belongs to it. The result is a soft 0–255 mask
 * (255 = background) at the thumbnail's resolution. Pure functions over raw RGB bytes.
 */
import type { RgbPixels } from './analysis.js';

export interface BackgroundEstimate {
  colour: [number, number, number];
  /** Typical distance of border pixels from that colour (how uniform the background is). */
  spread: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The background colour from a ring `ringFraction` wide around the edge. */
export function estimateBackground({ data, width, height }: RgbPixels, ringFraction = 0.06): BackgroundEstimate {
  const ring = Math.max(1, Math.round(Math.min(width, height) * ringFraction));
  const channels: number[][] = [[], [], []];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (x >= ring && x < width - ring && y >= ring && y < height - ring) continue;
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) channels[c].push(data[i + c]);
    }
  }
  const colour = channels.map(median) as [number, number, number];
  const distances: number[] = [];
  for (let k = 0; k < channels[0].length; k++) {
    distances.push(Math.hypot(channels[0][k] - colour[0], channels[1][k] - colour[1], channels[2][k] - colour[2]));
  }
  return { colour, spread: median(distances) };
}

const smoothstep = (edge0: number, edge1: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
};

/** A soft background mask: near the background colour and reachable from the border. */
export function backgroundMask(pixels: RgbPixels, estimate: BackgroundEstimate): { mask: Uint8Array; coverage: number } {
  const { data, width, height } = pixels;
  const n = width * height;
  const near = Math.min(40, Math.max(18, estimate.spread * 2.5));
  const far = near + 45;
  const distance = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    const i = p * 3;
    distance[p] = Math.hypot(data[i] - estimate.colour[0], data[i + 1] - estimate.colour[1], data[i + 2] - estimate.colour[2]);
  }

  // Flood fill from every border pixel through pixels not clearly different from the background.
  const reached = new Uint8Array(n);
  const stack: number[] = [];
  const visit = (p: number) => {
    if (!reached[p] && distance[p] < far) {
      reached[p] = 1;
      stack.push(p);
    }
  };
  for (let x = 0; x < width; x++) {
    visit(x);
    visit((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    visit(y * width);
    visit(y * width + width - 1);
  }
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % width;
    if (x > 0) visit(p - 1);
    if (x < width - 1) visit(p + 1);
    if (p >= width) visit(p - width);
    if (p < n - width) visit(p + width);
  }

  const mask = new Uint8Array(n);
  let total = 0;
  for (let p = 0; p < n; p++) {
    if (!reached[p]) continue;
    mask[p] = Math.round(255 * (1 - smoothstep(near, far, distance[p])));
    total += mask[p];
  }
  return { mask, coverage: total / (255 * n) };
}
