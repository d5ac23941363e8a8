import { fromDecoded } from '../../../image/raw.js';
import type { Pipeline } from './types.js';

export const MAX_UPSCALED_SIDE = 8192;

/** The output size of a 2× upscale, capped at 8192 px on the long side (aspect kept). */
export function upscaledSize(width: number, height: number): { width: number; height: number; factor: number } {
  const factor = Math.min(2, MAX_UPSCALED_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * factor)), height: Math.max(1, Math.round(height * factor)), factor };
}

/** What marketplaces ask of a product photo's size: a result below one is still too small for it. */
export const MARKETPLACE_MINIMUMS = [
  { name: 'Amazon', rule: 'at least 1,000 px on the longest side for zoom', fits: (w: number, h: number) => Math.max(w, h) >= 1000 },
  { name: 'Instagram', rule: '1,080 px wide', fits: (w: number) => w >= 1080 },
  { name: 'Shopify', rule: '2,048 px on the longest side', fits: (w: number, h: number) => Math.max(w, h) >= 2048 },
  { name: 'Etsy', rule: 'at least 2,000 px on the shortest side', fits: (w: number, h: number) => Math.min(w, h) >= 2000 },
] as const;

/** Says which marketplaces a size is still too small for, and what each asks; nothing when it fits them all. */
export function sizeWarnings(width: number, height: number): string[] {
  const short = MARKETPLACE_MINIMUMS.filter((m) => !m.fits(width, height));
  if (short.length === 0) return [];
  return [`Still small at ${width}×${height} px for ${short.map((m) => m.name).join(', ')} (${short.map((m) => `${m.name}: ${m.rule}`).join('; ')}). Upscaling cannot add detail the photo does not have: start from a larger photo for these.`];
}

/** Lanczos-3 resampling to 2× (capped), then a mild sharpen to restore crispness lost to resampling. */
export const upscale: Pipeline = async ({ image }) => {
  const size = upscaledSize(image.width, image.height);
  const pipeline = fromDecoded(image)
    .resize(size.width, size.height, { kernel: 'lanczos3', fit: 'fill' })
    .sharpen();
  return {
    pipeline,
    applied: [`upscaled ${size.factor.toFixed(2).replace(/\.?0+$/, '')}× to ${size.width}×${size.height} (Lanczos)`, 'mild sharpening'],
    ignored: [],
    warnings: sizeWarnings(size.width, size.height),
  };
};
