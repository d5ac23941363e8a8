import { describe, expect, it } from 'vitest';
import { cleanName, downloadName, extensionOf } from './clean-name';

describe('cleanName', () => {
  it.each([
    ['1763769600000_sneaker-spin.mp4', 'sneaker-spin.mp4'],
    ['1763769600-sneaker.mp4', 'sneaker.mp4'],
    ['20261122T054822_mug.png', 'mug.png'],
    ['2026-11-22_05-48-22-mug.png', 'mug.png'],
    ['2026-11-22T05:48:22.123Z_mug.png', 'mug.png'],
  ])('removes the leading timestamp of %s', (input, expected) => {
    expect(cleanName(input)).toBe(expected);
  });

  it('leaves names without a timestamp prefix alone', () => {
    expect(cleanName('Ceramic Mug - White Studio')).toBe('Ceramic Mug - White Studio');
    expect(cleanName('2024 catalogue.png')).toBe('2024 catalogue.png');
    expect(cleanName('360 spin.mp4')).toBe('360 spin.mp4');
  });

  it('keeps slashes that belong to a product name', () => {
    expect(cleanName('Mug 12/24 oz')).toBe('Mug 12/24 oz');
  });

  it('keeps a name that is only a timestamp rather than showing nothing', () => {
    expect(cleanName('1763769600000_')).toBe('1763769600000_');
  });
});

describe('downloadName', () => {
  it("saves under the item's name with the file's real extension", () => {
    expect(downloadName('Ceramic Mug - White Studio', 'u/Lightbox/images/abc.png')).toBe('Ceramic Mug - White Studio.png');
    expect(downloadName('sneaker.mp4', 'u/360 Spin/abc.MP4')).toBe('sneaker.mp4');
  });

  it('replaces characters file systems refuse', () => {
    expect(downloadName('Refined: a/b "c"', 'x.jpg')).toBe('Refined a b c.jpg');
  });

  it('reads extensions case-insensitively and none from a folder', () => {
    expect(extensionOf('a/b/C.JPG')).toBe('jpg');
    expect(extensionOf('a/b.c/folder')).toBe('');
  });
});
