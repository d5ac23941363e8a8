import { WorkerError } from '../../../http/errors.js';
import { blendMatrix, IDENTITY, multiply, rows, saturationMatrix, type Matrix3 } from '../colour-matrix.js';
import { parseInstruction, type Adjustments } from '../custom-instruction.js';
import { denoise, unsharp } from '../detail.js';
import { liftDarkRegion } from '../local-light.js';
import { fromDecoded, rgbLinear } from '../../../image/raw.js';
import type { DecodedImage } from '../../../image/validate.js';
import type { Pipeline } from './types.js';

const SEPIA: Matrix3 = [0.393, 0.769, 0.189, 0.349, 0.686, 0.168, 0.272, 0.534, 0.131];
const MONO: Matrix3 = [0.2126, 0.7152, 0.0722, 0.2126, 0.7152, 0.0722, 0.2126, 0.7152, 0.0722];

/** Black and white or sepia, then the warm/cool shift, then saturation: one matrix. */
function colourMatrix(adj: Adjustments): Matrix3 | null {
  let m = adj.mono ? MONO : adj.sepia > 0 ? blendMatrix(IDENTITY, SEPIA, adj.sepia) : IDENTITY;
  if (adj.warmth !== 0) {
    const w = 0.08 * adj.warmth;
    m = multiply([1 + w, 0, 0, 0, 1 + w / 4, 0, 0, 0, 1 - w], m);
  }
  if (adj.saturation !== 1 && !adj.mono) m = multiply(saturationMatrix(adj.saturation), m);
  return m === IDENTITY ? null : m;
}

/**
 * The adjustments as pixels: detail work first (denoise, sharpen), then one sharp chain
 * (sharp's fixed order: blur → recomb → linear), brightness and contrast as one linear map.
 */
export async function applyAdjustments(input: DecodedImage, adj: Adjustments) {
  let image = input;
  // Local light first, so the global adjustments see the evened-out frame.
  if (adj.vignette) image = (await liftDarkRegion(image, adj.vignette)).image;
  if (adj.denoise) image = (await denoise(image)).image;
  // Fine detail only (a label's letters): a small radius, and nothing below the threshold moves.
  if (adj.textDetail) image = await unsharp(image, { sigma: 1.2, amount: 1.5, threshold: 6 });
  if (adj.sharpen > 0) image = await unsharp(image, { sigma: 1.2, amount: 0.5 * adj.sharpen, threshold: 1 });
  let chain = fromDecoded(image);
  if (adj.soften > 0) chain = chain.blur(1 + adj.soften * Math.max(1, Math.max(image.width, image.height) / 2000));
  const matrix = colourMatrix(adj);
  if (matrix) chain = chain.recomb(rows(matrix));
  if (adj.brightness !== 1 || adj.contrast !== 1 || adj.fade > 0) {
    // Contrast pivots on mid-grey; fade then lifts the blacks and softens the whites.
    const fadeA = 1 - 0.12 * adj.fade;
    const a = adj.contrast * adj.brightness * fadeA;
    const b = 128 * (1 - adj.contrast) * fadeA + 28 * adj.fade;
    chain = chain.linear(...rgbLinear(image, [a, a, a], [b, b, b]));
  }
  return chain;
}

/** Custom: the user's instruction, interpreted by the rule table. Nothing understood → refused. */
export const custom: Pipeline = async ({ image, instruction }) => {
  const text = instruction?.trim() ?? '';
  if (!text) throw new WorkerError('invalid_instruction', 'Describe the enhancement you want in the Custom Enhancement field.');
  const { adjustments, applied, ignored } = parseInstruction(text);
  if (applied.length === 0) {
    throw new WorkerError(
      'invalid_instruction',
      `We could not turn "${text.slice(0, 120)}" into an edit. Try words like vibrant, vintage, warmer, brighter, more contrast, sharper, softer, black and white, less noise, "make the label crisper" or "remove the dark vignette in the right corner".`,
      { ignored },
    );
  }
  return { pipeline: await applyAdjustments(image, adjustments), applied, ignored };
};
