import { rows, saturationMatrix } from '../colour-matrix.js';
import { fromDecoded } from '../../../image/raw.js';
import { colourTransform } from './color.js';
import type { Pipeline } from './types.js';

/** A balanced all-round pass: half-strength white balance, levels, a little colour and crispness. */
export const general: Pipeline = async ({ image }) => {
  const { linear, described } = await colourTransform(image, 0.5);
  const pipeline = fromDecoded(image).sharpen().recomb(rows(saturationMatrix(1.12))).linear(...linear);
  return { pipeline, applied: [...described, 'saturation +12%', 'light sharpening'], ignored: [] };
};
