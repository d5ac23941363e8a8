import sharp from 'sharp';
import type { DecodedImage } from './validate.js';

/** A sharp pipeline over already-decoded pixels (no second decode). */
export function fromDecoded(image: Pick<DecodedImage, 'data' | 'width' | 'height' | 'channels'>): sharp.Sharp {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
}

/** Per-channel multipliers/offsets for RGB, leaving an alpha channel untouched. */
export function rgbLinear(image: DecodedImage, a: [number, number, number], b: [number, number, number]): [number[], number[]] {
  return image.hasAlpha ? [[...a, 1], [...b, 0]] : [a, b];
}

/** A small RGB copy (long side ≤ `size`) for measuring the image cheaply. */
export async function thumbnail(image: DecodedImage, size = 256): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await fromDecoded(image)
    .resize(size, size, { fit: 'inside', withoutEnlargement: true, kernel: 'linear' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
