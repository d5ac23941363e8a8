import { unsharp } from '../detail.js';
import { fromDecoded } from '../../../image/raw.js';
import type { Pipeline } from './types.js';

/**
 * Two unsharp masks: a fine one (1 px) for texture and detail, a wider one (2.5 px) that lifts the
 * contrast across soft edges. Detail of ±1 level (grain) is left alone.
 */
export const sharpness: Pipeline = async ({ image }) => {
  const detailed = await unsharp(image, { sigma: 1, amount: 1, threshold: 1 });
  const crisp = await unsharp(detailed, { sigma: 2.5, amount: 1.5, threshold: 1 });
  return {
    pipeline: fromDecoded(crisp),
    applied: ['fine detail sharpening (radius 1 px, +100%)', 'edge contrast boost (radius 2.5 px, +150%)'],
    ignored: [],
  };
};
