import { describe, expect, it } from 'vitest';
import { cropFor, exposureGains } from './framing.js';
import { orientationOf, sequenceOrder } from '../../jobs/photo-folder.js';
import { sniffVideo } from '../../video/sniff.js';

describe('a photo sequence', () => {
  it('is ordered by the first number in each name, then by name', () => {
    const names = ['mug-10.jpg', 'mug-2.jpg', 'mug-1.jpg', 'IMG_0100.jpg', 'cover.jpg'];
    expect([...names].sort(sequenceOrder)).toEqual(['mug-1.jpg', 'mug-2.jpg', 'mug-10.jpg', 'IMG_0100.jpg', 'cover.jpg']);
    expect(['010_b.jpg', '002_a.jpg', '001_z.jpg'].sort(sequenceOrder)).toEqual(['001_z.jpg', '002_a.jpg', '010_b.jpg']);
  });

  it('has one orientation: portrait, landscape or square (within 3%)', () => {
    expect(orientationOf(4000, 3000)).toBe('landscape');
    expect(orientationOf(3000, 4000)).toBe('portrait');
    expect(orientationOf(1000, 1020)).toBe('square');
  });
});

describe('a turntable video', () => {
  const head = (text: string, at = 4) => {
    const b = new Uint8Array(16);
    b.set(new TextEncoder().encode(text), at);
    return b;
  };
  it('is recognised by its first bytes, not its name', () => {
    expect(sniffVideo(head('ftypisom'))).toBe('iso');
    expect(sniffVideo(head('ftypqt  '))).toBe('iso');
    expect(sniffVideo(Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]))).toBe('webm');
    expect(sniffVideo(new TextEncoder().encode('hello, this is a text file'))).toBeNull();
  });
});

describe('framing', () => {
  it('crops square around the product with a margin, inside the frame', () => {
    const crop = cropFor({ left: 0.4, top: 0.3, width: 0.2, height: 0.4 }, 4 / 3, 1);
    expect(crop.height).toBeCloseTo(0.48, 5);
    expect(crop.width * (4 / 3)).toBeCloseTo(crop.height, 5);
    expect(crop.left + crop.width / 2).toBeCloseTo(0.5, 5);
    expect(crop.top + crop.height / 2).toBeCloseTo(0.5, 5);
  });

  it('slides a crop back inside the frame when the product is near an edge', () => {
    const crop = cropFor({ left: 0.02, top: 0.3, width: 0.2, height: 0.4 }, 4 / 3, 1);
    expect(crop.left).toBeCloseTo(0, 5);
  });

  it('without a product keeps the middle of the frame at the aspect', () => {
    const crop = cropFor(null, 4 / 3, 1);
    expect([crop.top, crop.height]).toEqual([0, 1]);
    expect(crop.width).toBeCloseTo(0.75, 5);
  });

  it('evens exposure towards the median, within ±30%', () => {
    expect(exposureGains([100, 120, 240])).toEqual([1.2, 1, 0.7]);
  });
});
