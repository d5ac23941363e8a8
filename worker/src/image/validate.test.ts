import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { naturalScene, pngBombHeader, toJpeg } from '../../test/fixtures.js';
import { sniffImageType, validateAndDecode } from './validate.js';

const limits = { maxPixels: 40_000_000 };

async function check(bytes: Buffer) {
  const file = path.join(os.tmpdir(), `validate-test-${process.pid}-${Math.random().toString(36).slice(2)}.jpg`);
  await writeFile(file, bytes);
  return validateAndDecode(file, bytes.length, limits);
}

/** A 3×2 24-bit bottom-up BMP. */
function bmp24(): Buffer {
  const width = 3;
  const height = 2;
  const stride = 12;
  const buf = Buffer.alloc(54 + stride * height);
  buf.write('BM');
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(width, 18);
  buf.writeInt32LE(height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  // bottom row first: blue pixels; top row: red pixels (stored BGR)
  for (let x = 0; x < width; x++) {
    buf.set([255, 0, 0], 54 + x * 3);
    buf.set([0, 0, 255], 54 + stride + x * 3);
  }
  return buf;
}

describe('validateAndDecode', () => {
  it('refuses a text file named .jpg as an unsupported type', async () => {
    await expect(check(Buffer.from('hello, this is not a photo'))).rejects.toMatchObject({
      status: 415, code: 'unsupported_type', message: expect.stringMatching(/^Unsupported file type/),
    });
  });

  it('refuses a truncated JPEG as undecodable', async () => {
    const jpeg = await toJpeg(naturalScene(300, 200));
    await expect(check(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)))).rejects.toMatchObject({
      status: 422, code: 'undecodable_image', message: expect.stringContaining('could not be decoded'),
    });
  });

  it('refuses a 0-byte file as empty', async () => {
    await expect(check(Buffer.alloc(0))).rejects.toMatchObject({ status: 400, code: 'empty_file' });
  });

  it('refuses a 60000×60000 PNG from its header, before decoding', async () => {
    const bomb = pngBombHeader(60000, 60000);
    expect(bomb.length).toBeLessThan(2000);
    await expect(check(bomb)).rejects.toMatchObject({
      status: 413, code: 'too_many_pixels', message: expect.stringContaining('60000×60000'),
    });
  });

  it('decodes JPEG, PNG, WebP, GIF and BMP to sRGB pixels', async () => {
    const scene = naturalScene(30, 20);
    const base = () => sharp(scene.data, { raw: { width: 30, height: 20, channels: 3 } });
    for (const [format, bytes] of [
      ['jpeg', await base().jpeg().toBuffer()],
      ['png', await base().png().toBuffer()],
      ['webp', await base().webp().toBuffer()],
      ['gif', await base().gif().toBuffer()],
    ] as const) {
      const image = await check(bytes);
      expect([image.type, image.width, image.height, image.channels]).toEqual([format, 30, 20, 3]);
    }
    const bmp = await check(bmp24());
    expect([bmp.type, bmp.width, bmp.height]).toEqual(['bmp', 3, 2]);
    expect([...bmp.data.subarray(0, 3)]).toEqual([255, 0, 0]);
    expect([...bmp.data.subarray(9, 12)]).toEqual([0, 0, 255]);
  });

  it('turns greyscale into three sRGB channels', async () => {
    const grey = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#777' } }).greyscale().png().toBuffer();
    expect((await check(grey)).channels).toBe(3);
  });
});

describe('sniffImageType', () => {
  it('goes by magic bytes, not by name', () => {
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImageType(Buffer.from('GIF89a'))).toBe('gif');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('%PDF-1.7'))).toBeNull();
  });
});
