import { describe, expect, it } from 'vitest';
import { boundingBox, keepMainProduct } from './product-mask';

function maskWith(width: number, height: number, rects: [number, number, number, number][]): Buffer {
  const mask = Buffer.alloc(width * height);
  for (const [x0, y0, w, h] of rects) for (let y = y0; y < y0 + h; y++) mask.fill(255, y * width + x0, y * width + x0 + w);
  return mask;
}

describe('keepMainProduct', () => {
  it('drops a small object the model also found, keeping the product', () => {
    const mask = maskWith(100, 100, [[40, 20, 30, 70], [5, 5, 8, 8]]);
    keepMainProduct(mask, 100, 100);
    expect(boundingBox(mask, 100, 100, 128)).toEqual({ left: 40, top: 20, width: 30, height: 70 });
  });

  it('keeps both shoes of a pair (two regions of similar size)', () => {
    const mask = maskWith(100, 100, [[10, 40, 30, 20], [60, 42, 28, 20]]);
    keepMainProduct(mask, 100, 100);
    expect(boundingBox(mask, 100, 100, 128)).toEqual({ left: 10, top: 40, width: 78, height: 22 });
  });
});

describe('boundingBox', () => {
  it('is null for an empty mask (no product found)', () => {
    expect(boundingBox(Buffer.alloc(50 * 50), 50, 50, 128)).toBeNull();
  });
});
