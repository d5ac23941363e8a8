import { fromDecoded } from '../raw.js';
import type { Pipeline } from './types.js';

export const MAX_UPSCALED_SIDE = 8192;

/** The output size of a 2× upscale, capped at 8192 px on the long side (aspect kept). */
export function upscaledSize(width: number, height: number): { width: number; height: number; factor: number } {
  const factor = Math.min(2, MAX_UPSCALED_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * factor)), height: Math.max(1, Math.round(height * factor)), factor };
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
  };
};
