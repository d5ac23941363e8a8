import { describe, expect, it } from 'vitest';
import { detectImageKind, imageFileMessages, validateImageFile } from './image-file';

const messages = imageFileMessages('refine');

const bytes = (...b: number[]) => new Uint8Array([...b, ...new Array(16).fill(0)]);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

describe('detectImageKind', () => {
  it.each([
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0)],
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)],
    ['webp', bytes(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WEBP'))],
    ['gif', bytes(...ascii('GIF89a'))],
    ['bmp', bytes(...ascii('BM'), 0, 0, 0, 0)],
  ])('recognises %s by its magic bytes', (kind, head) => {
    expect(detectImageKind(head)).toBe(kind);
  });

  it('recognises nothing in text or a RIFF file that is not WebP', () => {
    expect(detectImageKind(new TextEncoder().encode('hello, I am not a photo'))).toBeNull();
    expect(detectImageKind(bytes(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WAVE')))).toBeNull();
  });
});

describe('validateImageFile', () => {
  const jpeg = (name = 'photo.jpg') => new File([bytes(0xff, 0xd8, 0xff, 0xe0)], name, { type: 'image/jpeg' });

  it('asks for a file first', async () => {
    expect(await validateImageFile(null, messages)).toEqual({ ok: false, error: { title: 'No image selected', description: 'Please select an image to refine.' } });
  });

  it('refuses a 51 MB file with "File too large" before looking at its type', async () => {
    const big = new File(['not an image'], 'huge.txt');
    Object.defineProperty(big, 'size', { value: 51 * 1024 * 1024 });
    expect(await validateImageFile(big, messages)).toMatchObject({ ok: false, error: { title: 'File too large', description: 'Please select an image smaller than 50MB.' } });
  });

  it('refuses a text file renamed .jpg with "Invalid file type"', async () => {
    const fake = new File(['hello world, plain text'], 'photo.jpg', { type: 'image/jpeg' });
    expect(await validateImageFile(fake, messages)).toMatchObject({ ok: false, error: { title: 'Invalid file type' } });
  });

  it('accepts a real JPEG whatever it is called', async () => {
    expect(await validateImageFile(jpeg('IMG_0001.png'), messages)).toEqual({ ok: true, kind: 'jpeg' });
  });
});

describe('validateImageFile and the pixel limit', () => {
  it('refuses a 10000×5000 PNG from its header, before any upload or charge', async () => {
    const header = new Uint8Array(64);
    header.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(header.buffer).setUint32(16, 10_000);
    new DataView(header.buffer).setUint32(20, 5_000);
    expect(await validateImageFile(new File([header], 'huge.png', { type: 'image/png' }), messages)).toEqual({
      ok: false,
      error: { title: 'Image too large', description: '10000×5000 pixels is over the 40-megapixel limit. Resize it and try again.' },
    });
  });
});
