import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bottleOnBusy } from '../../../test/lightbox-fixtures';
import type { DecodedImage } from '../../image/validate';
import type { CutoutProvider } from '../../models/cutout/index';
import { TRIAL, trialLightbox } from './trial';

/** The fixture's own silhouette as the "model's" mask, at whatever size it is asked for. */
function knownMask(mask: Buffer, width: number, height: number): CutoutProvider {
  return {
    name: 'known mask',
    async mask(input) {
      const data = await sharp(mask, { raw: { width, height, channels: 1 } }).resize(input.width, input.height, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
      return { data, width: input.width, height: input.height };
    },
  };
}

async function decoded(jpeg: Buffer, scale = 1): Promise<DecodedImage> {
  const meta = await sharp(jpeg).metadata();
  const { data, info } = await sharp(jpeg).resize(Math.round(meta.width! * scale)).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3, hasAlpha: false, type: 'jpeg' };
}

const luminance = async (jpeg: Buffer, region: { left: number; top: number; width: number; height: number }) => {
  const pixels = await sharp(jpeg).extract(region).raw().toBuffer();
  return pixels.reduce((sum, v) => sum + v, 0) / pixels.length;
};

describe('trialLightbox', () => {
  it('makes a JPEG at most 512 px on its long side, on white, with the "Shotcraft trial" label in the corner', async () => {
    const photo = await bottleOnBusy();
    const big = await decoded(photo.jpeg, 2); // 1800 × 1800
    const shot = await trialLightbox(big, knownMask(photo.mask, photo.width, photo.height));
    expect(shot.mimeType).toBe('image/jpeg');
    expect(Math.max(shot.width, shot.height)).toBe(TRIAL.longSide);
    const meta = await sharp(shot.buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', shot.width, shot.height]);
    // The backdrop is white (top-left corner), the corner label dark (its right margin, beside the words).
    expect(await luminance(shot.buffer, { left: 4, top: 4, width: 30, height: 30 })).toBeGreaterThan(240);
    expect(await luminance(shot.buffer, { left: shot.width - 8, top: shot.height - 24, width: 6, height: 20 })).toBeLessThan(110);
  });

  it('leaves a small photo at its size', async () => {
    const photo = await bottleOnBusy();
    const small = await decoded(photo.jpeg, 400 / 900);
    const shot = await trialLightbox(small, knownMask(photo.mask, photo.width, photo.height));
    expect([shot.width, shot.height]).toEqual([400, 400]);
  });
});
