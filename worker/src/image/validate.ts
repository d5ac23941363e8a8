import { open, readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { imageTypeOf } from '@shotcraft/shared/image-type.ts';
import { WorkerError } from '../http/errors.js';
import { decodeBmp, readBmpHeader } from './bmp.js';

/** The image types the studios accept (docs/spec.md §9), recognised by their first bytes, not their name. */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif' | 'bmp';

export const ACCEPTED_TYPES_TEXT = 'JPEG, PNG, WebP, GIF or BMP';

/** The type a file really is, from its magic bytes (the edge functions' one rule); null for anything else. */
export function sniffImageType(head: Uint8Array): ImageType | null {
  const mime = imageTypeOf(head);
  return mime ? (mime.slice('image/'.length) as ImageType) : null;
}

export interface ImageLimits {
  maxPixels: number;
}

/** An image decoded once: EXIF orientation applied, sRGB, 8-bit, RGB or RGBA, metadata gone. */
export interface DecodedImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
  hasAlpha: boolean;
  type: ImageType;
}

const undecodable = () =>
  new WorkerError('undecodable_image', 'The image could not be decoded. It may be damaged or incomplete; export it again and retry.');

/** The first `size` bytes of a file (its magic bytes, a header). */
export async function readHead(path: string, size: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await file.read(buffer, 0, size, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * Checks a received file before any paid work: its type by magic bytes, its size in pixels from
 * the header alone (a 60000×60000 PNG is refused without allocating a pixel), then a full decode
 * that fails on truncated or corrupt data. The decoded pixels are what the pipelines work on, so
 * the image is decoded exactly once per job.
 */
export async function validateAndDecode(path: string, bytes: number, limits: ImageLimits): Promise<DecodedImage> {
  if (bytes === 0) throw new WorkerError('empty_file', 'The image file is empty (0 bytes). Choose another image.');
  const type = sniffImageType(await readHead(path, 32));
  if (!type) {
    throw new WorkerError('unsupported_type', `Unsupported file type: the file is not a ${ACCEPTED_TYPES_TEXT} image.`);
  }

  const bmp = type === 'bmp' ? await readFile(path) : null;
  let width: number;
  let height: number;
  try {
    ({ width = 0, height = 0 } = bmp ? readBmpHeader(bmp) : await sharp(path, { limitInputPixels: false }).metadata());
  } catch {
    throw undecodable();
  }
  if (width < 1 || height < 1) throw undecodable();
  if (width * height > limits.maxPixels) {
    const mp = Math.round(limits.maxPixels / 1_000_000);
    throw new WorkerError(
      'too_many_pixels',
      `The image is too large: ${width}×${height} pixels is over the ${mp}-megapixel limit. Resize it and try again.`,
    );
  }

  try {
    const source = bmp ? decodeBmp(bmp) : null;
    const input = source
      ? sharp(source.data, { raw: { width: source.width, height: source.height, channels: source.channels } })
      : sharp(path, { limitInputPixels: limits.maxPixels, failOn: 'error' });
    const { data, info } = await input
      .rotate()
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const channels = info.channels === 4 ? 4 : 3;
    if (info.channels !== channels) throw undecodable();
    return { data, width: info.width, height: info.height, channels, hasAlpha: channels === 4, type };
  } catch (err) {
    if (err instanceof WorkerError) throw err;
    throw undecodable();
  }
}
