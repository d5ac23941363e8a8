import { denoise } from '../detail.js';
import { fromDecoded } from '../../../image/raw.js';
import type { Pipeline } from './types.js';

/** Edge-preserving noise reduction: grain measured, then shrunk away; edges stay. */
export const noise: Pipeline = async ({ image }) => {
  const { image: clean, threshold } = await denoise(image);
  return {
    pipeline: fromDecoded(clean),
    applied: [`noise reduction (grain below ±${Math.round(threshold)} levels removed)`, 'edges preserved'],
    ignored: [],
  };
};
