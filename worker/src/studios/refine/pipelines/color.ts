import { levels, lumaPercentiles, whiteBalanceGains } from '../../../image/analysis.js';
import { fromDecoded, rgbLinear, thumbnail } from '../../../image/raw.js';
import type { DecodedImage } from '../../../image/validate.js';
import type { Pipeline } from './types.js';

/**
 * White balance (from near-neutral pixels when the photo has them, else grey world; at
 * `strength`) and a levels stretch, folded into one per-channel linear transform measured on a
 * thumbnail.
 */
export async function colourTransform(image: DecodedImage, strength: number) {
  const small = await thumbnail(image);
  const gains = whiteBalanceGains(small, strength);
  const [lo, hi] = lumaPercentiles(small, gains, [0.005, 0.995]);
  const { a, b } = levels(lo, hi);
  const linear = rgbLinear(image, [a * gains[0], a * gains[1], a * gains[2]], [b, b, b]);
  const described = [
    `white balance (R ×${gains[0].toFixed(2)}, G ×${gains[1].toFixed(2)}, B ×${gains[2].toFixed(2)})`,
    `levels ${lo}–${hi} → 0–255`,
  ];
  return { linear, described };
}

export const color: Pipeline = async ({ image }) => {
  const { linear, described } = await colourTransform(image, 1);
  return { pipeline: fromDecoded(image).linear(...linear), applied: described, ignored: [] };
};
