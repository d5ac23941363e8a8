import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readImageSize } from './image-size';

const make = (format: 'png' | 'jpeg' | 'webp' | 'gif', width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080' } })[format]().toBuffer();

describe('readImageSize', () => {
  it.each(['png', 'jpeg', 'webp', 'gif'] as const)('reads a %s header without decoding the image', async (format) => {
    const file = await make(format, 321, 123);
    expect(readImageSize(new Uint8Array(file.subarray(0, 64 * 1024)))).toEqual({ width: 321, height: 123 });
  });

  it('reads a JPEG whose frame header comes after EXIF-sized segments', async () => {
    const file = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#808080' } }).withMetadata({ exif: { IFD0: { Copyright: 'x'.repeat(4000) } } }).jpeg().toBuffer();
    expect(readImageSize(new Uint8Array(file.subarray(0, 64 * 1024)))).toEqual({ width: 640, height: 480 });
  });

  it('says nothing for bytes that are not an image header', () => {
    expect(readImageSize(new TextEncoder().encode('plain text, not a photo'))).toBeNull();
  });
});
