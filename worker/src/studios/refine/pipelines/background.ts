import sharp from 'sharp';
import { backgroundMask, estimateBackground } from '../../../image/background-mask.js';
import { rows, saturationMatrix } from '../colour-matrix.js';
import { fromDecoded, rgbLinear, thumbnail } from '../../../image/raw.js';
import type { DecodedImage } from '../../../image/validate.js';
import type { Pipeline } from './types.js';

const LIFT = 1.12;
const SATURATION = 0.6;
/** How far the background moves toward a flat, lighter version of its own colour. */
const CLEAN = 0.35;

/** The mask at full resolution, feathered so the product edge blends. */
async function fullMask(image: DecodedImage, small: { data: Uint8Array; width: number; height: number }, mask: Uint8Array) {
  return sharp(Buffer.from(mask.buffer, mask.byteOffset, mask.byteLength), { raw: { width: small.width, height: small.height, channels: 1 } })
    .blur(1.2)
    .resize(image.width, image.height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/**
 * Background Enhancement: find the background from the border colour, then brighten, desaturate,
 * soften and even it out under a soft mask, leaving the product as it was.
 */
export const background: Pipeline = async ({ image }) => {
  const small = await thumbnail(image, 512);
  const estimate = estimateBackground(small);
  const { mask, coverage } = backgroundMask(small, estimate);
  if (coverage < 0.03) {
    return {
      pipeline: fromDecoded(image),
      applied: ['no plain background found around the product, so the photo was left as it was'],
      ignored: [],
    };
  }

  const softness = Math.max(1.5, Math.max(image.width, image.height) / 1200);
  const [alpha, enhanced] = await Promise.all([
    fullMask(image, small, mask),
    fromDecoded(image)
      .blur(softness)
      .recomb(rows(saturationMatrix(SATURATION)))
      .linear(...rgbLinear(image, [LIFT, LIFT, LIFT], [0, 0, 0]))
      .raw()
      .toBuffer(),
  ]);

  const { data, channels } = image;
  const clean = estimate.colour.map((c) => Math.min(255, c * LIFT + (255 - c * LIFT) * 0.25));
  const out = Buffer.allocUnsafe(data.length);
  if (alpha.length !== image.width * image.height) throw new Error('background mask has the wrong size');
  for (let p = 0, i = 0; p < alpha.length; p++, i += channels) {
    const m = alpha[p] / 255;
    for (let c = 0; c < 3; c++) {
      const target = enhanced[i + c] + (clean[c] - enhanced[i + c]) * CLEAN;
      out[i + c] = data[i + c] + (target - data[i + c]) * m + 0.5;
    }
    if (channels === 4) out[i + 3] = data[i + 3];
  }

  return {
    pipeline: fromDecoded({ ...image, data: out }),
    applied: [
      `background found around the product (about ${Math.round(coverage * 100)}% of the photo)`,
      `background brightened +${Math.round((LIFT - 1) * 100)}%`,
      `background desaturated −${Math.round((1 - SATURATION) * 100)}%`,
      'background softened and evened out',
      'product kept unchanged',
    ],
    ignored: [],
  };
};
