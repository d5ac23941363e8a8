import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fitImage } from './fit';

const pixel = async (jpeg: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
};
const near = (rgb: number[], to: number[]) => rgb.every((v, i) => Math.abs(v - to[i]!) <= 3);

describe('fitImage', () => {
  it('pads a cut-out on a transparent background with white margins, not the black under its clear pixels', async () => {
    // A 400×800 transparent PNG (a lightbox cut-out), a red product in its middle: too tall for 4:5.
    const product = await sharp({ create: { width: 200, height: 500, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } }).png().toBuffer();
    const png = await sharp({ create: { width: 400, height: 800, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: product, left: 100, top: 150 }])
      .png()
      .toBuffer();
    const fitted = await fitImage(png, { maxBytes: 1_000_000, aspect: { min: 0.8, max: 1.91, mode: 'pad' } });
    expect([fitted.width, fitted.height]).toEqual([640, 800]);
    for (const [x, y] of [[2, 400], [637, 400], [120, 10], [300, 790]] as const) expect(near(await pixel(fitted.jpeg, x, y), [255, 255, 255])).toBe(true);
    expect(near(await pixel(fitted.jpeg, 320, 400), [200, 30, 30])).toBe(true);
  });

  it('continues a photo\'s own backdrop into the margins, without a seam', async () => {
    // A product shot on a pale grey sweep, too wide for Instagram: margins go above and below.
    const jpeg = await sharp({ create: { width: 1500, height: 500, channels: 3, background: '#e9e6e1' } })
      .composite([{ input: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#1e3a8a' } }).png().toBuffer(), left: 600, top: 100 }])
      .jpeg({ quality: 95 })
      .toBuffer();
    const fitted = await fitImage(jpeg, { maxBytes: 1_000_000, aspect: { min: 0.8, max: 1.91, mode: 'pad' } });
    expect(fitted.width / fitted.height).toBeLessThanOrEqual(1.915);
    const top = Math.round((fitted.height - 500) / 2);
    // The margin and the photo's edge beside it are the same colour.
    expect(near(await pixel(fitted.jpeg, 10, 2), [0xe9, 0xe6, 0xe1])).toBe(true);
    expect(near(await pixel(fitted.jpeg, 10, top + 4), await pixel(fitted.jpeg, 10, top - 4))).toBe(true);
  });
});
