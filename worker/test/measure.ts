/** Measurements on encoded results, decoded back to raw RGB. */
import sharp from 'sharp';
import type { RawRgb } from './fixtures.js';

export async function decodeRgb(buffer: Buffer): Promise<RawRgb> {
  const { data, info } = await sharp(buffer).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean and standard deviation of luma (and per-channel means) over the pixels `where` selects. */
export function regionStats(img: RawRgb, where: (x: number, y: number) => boolean = () => true) {
  let n = 0;
  const sum = [0, 0, 0];
  let luma = 0;
  let luma2 = 0;
  let chroma = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (!where(x, y)) continue;
      const i = (y * img.width + x) * 3;
      const [r, g, b] = [img.data[i], img.data[i + 1], img.data[i + 2]];
      const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      sum[0] += r;
      sum[1] += g;
      sum[2] += b;
      luma += l;
      luma2 += l * l;
      chroma += Math.max(r, g, b) - Math.min(r, g, b);
      n++;
    }
  }
  const mean = luma / n;
  return { n, luma: mean, lumaStdev: Math.sqrt(Math.max(0, luma2 / n - mean * mean)), means: sum.map((s) => s / n), chroma: chroma / n };
}

/** How far the channel means are from grey (the colour cast). */
export const cast = (img: RawRgb) => {
  const [r, g, b] = regionStats(img).means;
  return Math.max(r, g, b) - Math.min(r, g, b);
};

/** The steepest luma step between horizontal neighbours along the middle row (edge contrast). */
export function edgeSteepness(img: RawRgb): number {
  const y = Math.floor(img.height / 2);
  let steepest = 0;
  for (let x = 0; x < img.width - 1; x++) {
    const i = (y * img.width + x) * 3;
    steepest = Math.max(steepest, Math.abs(img.data[i + 3 + 1] - img.data[i + 1]));
  }
  return steepest;
}

/** Mean absolute difference between horizontal neighbours: grain in a flat patch. */
export function grain(img: RawRgb): number {
  let total = 0;
  let n = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width - 1; x++) {
      const i = (y * img.width + x) * 3;
      for (let c = 0; c < 3; c++) total += Math.abs(img.data[i + 3 + c] - img.data[i + c]);
      n += 3;
    }
  }
  return total / n;
}

/** Luma difference between the points 4 px either side of a vertical edge in the middle (contrast across it). */
export function edgeContrast(img: RawRgb): number {
  const y = Math.floor(img.height / 2);
  const c = Math.floor(img.width / 2);
  const at = (x: number) => img.data[(y * img.width + x) * 3 + 1];
  return at(c + 3) - at(c - 4);
}

/** Sum of squared steps along the middle row (acutance: rises when edges get crisper). */
export function gradientEnergy(img: RawRgb): number {
  const y = Math.floor(img.height / 2);
  let energy = 0;
  for (let x = 0; x < img.width - 1; x++) {
    const i = (y * img.width + x) * 3 + 1;
    energy += (img.data[i + 3] - img.data[i]) ** 2;
  }
  return energy;
}
