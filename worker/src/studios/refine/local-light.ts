import sharp from 'sharp';
import type { Region } from './custom-instruction.js';
import type { DecodedImage } from '../../image/validate.js';

/** The light map's long side: enough to follow a vignette's falloff, far too coarse to see texture. */
const MAP_SIZE = 96;
/** At most this much brighter: a corner darker than a third of the rest is lost shadow, not vignetting. */
const MAX_GAIN = 3;

const smoothstep = (a: number, b: number, t: number) => {
  const x = Math.min(1, Math.max(0, (t - a) / (b - a)));
  return x * x * (3 - 2 * x);
};

/** How much of the edit a point gets (0 … 1), at normalised coordinates u, v ∈ [0, 1]. */
export function regionWeight(region: Region, u: number, v: number): number {
  const along = (d: -1 | 1, t: number) => smoothstep(0.45, 1, d === 1 ? t : 1 - t);
  if (region.x === 0 && region.y === 0) {
    // Every edge: by distance from the centre, corners the most.
    const r = Math.hypot(u - 0.5, v - 0.5) / Math.SQRT1_2;
    return smoothstep(0.35, 1, r);
  }
  if (region.x !== 0 && region.y !== 0) return Math.sqrt(along(region.x, u) * along(region.y, v));
  return region.x !== 0 ? along(region.x, u) : along(region.y as -1 | 1, v);
}

/**
 * Lifts the light where the user said it falls off (a dark vignette in a corner, dark edges):
 * the image's low-frequency light is measured on a small map, compared with the light of the part
 * the edit leaves alone, and the named region is brightened by the ratio (never darkened, at most
 * 3×), fading in from the middle of the frame so no seam shows. Texture and colour are untouched:
 * every channel of a pixel gets the same gain. Returns the new pixels and the strongest gain used.
 */
export async function liftDarkRegion(image: DecodedImage, region: Region): Promise<{ image: DecodedImage; maxGain: number }> {
  const { width, height, channels } = image;
  const scale = MAP_SIZE / Math.max(width, height);
  const mw = Math.max(2, Math.round(width * scale));
  const mh = Math.max(2, Math.round(height * scale));
  // Luminance of a small, blurred copy: the light, not the things in it.
  const light = await sharp(image.data, { raw: { width, height, channels } })
    .removeAlpha()
    .resize(mw, mh, { fit: 'fill', kernel: 'cubic' })
    .blur(2)
    .greyscale()
    .raw()
    .toBuffer();

  const weights = new Float32Array(mw * mh);
  const reference: number[] = [];
  for (let y = 0; y < mh; y++) {
    for (let x = 0; x < mw; x++) {
      const w = regionWeight(region, (x + 0.5) / mw, (y + 0.5) / mh);
      weights[y * mw + x] = w;
      if (w < 0.02) reference.push(light[y * mw + x]!);
    }
  }
  if (reference.length === 0) for (const v of light) reference.push(v);
  reference.sort((a, b) => a - b);
  const level = reference[Math.floor(reference.length / 2)]!;

  const gain = new Float32Array(mw * mh);
  let maxGain = 1;
  for (let p = 0; p < gain.length; p++) {
    const g = Math.min(MAX_GAIN, Math.max(1, level / Math.max(1, light[p]!)));
    gain[p] = 1 + (g - 1) * weights[p]!;
    if (gain[p]! > maxGain) maxGain = gain[p]!;
  }

  // Full resolution, bilinear between the map's cells.
  const out = Buffer.from(image.data);
  const colour = Math.min(3, channels);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(mh - 1, Math.max(0, ((y + 0.5) / height) * mh - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(mh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(mw - 1, Math.max(0, ((x + 0.5) / width) * mw - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(mw - 1, x0 + 1);
      const tx = fx - x0;
      const top = gain[y0 * mw + x0]! * (1 - tx) + gain[y0 * mw + x1]! * tx;
      const bottom = gain[y1 * mw + x0]! * (1 - tx) + gain[y1 * mw + x1]! * tx;
      const g = top * (1 - ty) + bottom * ty;
      if (g <= 1.001) continue;
      const i = (y * width + x) * channels;
      for (let c = 0; c < colour; c++) out[i + c] = Math.min(255, Math.round(out[i + c]! * g));
    }
  }
  return { image: { ...image, data: out }, maxGain };
}
