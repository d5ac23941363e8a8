import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseInstruction } from './custom-instruction.js';
import { liftDarkRegion, regionWeight } from './local-light.js';
import { applyAdjustments } from './pipelines/custom.js';
import type { DecodedImage } from '../../image/validate.js';

const W = 400;
const H = 300;

/** A grey card (value 160) with a fine texture, darkened toward the right-hand corners like a lens vignette. */
function vignetted(): DecodedImage {
  const data = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const u = x / W;
      const v = y / H;
      const corner = Math.min(Math.hypot(1 - u, v), Math.hypot(1 - u, 1 - v));
      const shade = corner < 0.4 ? 0.45 + 0.55 * (corner / 0.4) ** 2 : 1;
      const value = (160 + ((x * 7 + y * 13) % 9) - 4) * shade;
      data.fill(Math.round(value), (y * W + x) * 3, (y * W + x) * 3 + 3);
    }
  }
  return { data, width: W, height: H, channels: 3, hasAlpha: false, type: 'png' };
}

const mean = (img: DecodedImage, x0: number, y0: number, x1: number, y1: number) => {
  let sum = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      sum += img.data[(y * img.width + x) * img.channels]!;
      n++;
    }
  }
  return sum / n;
};

describe('liftDarkRegion', () => {
  it('lifts a dark right-hand corner to the light of the rest, and leaves the left side as it was', async () => {
    const before = vignetted();
    const { image: after } = await liftDarkRegion(before, { x: 1, y: 0 });
    const centre = mean(before, 180, 130, 220, 170);
    expect(mean(before, 380, 0, 400, 20)).toBeLessThan(centre * 0.6);
    expect(mean(after, 380, 0, 400, 20)).toBeGreaterThan(centre * 0.85);
    expect(mean(after, 380, 280, 400, 300)).toBeGreaterThan(centre * 0.85);
    expect(mean(after, 0, 0, 40, 300)).toBeCloseTo(mean(before, 0, 0, 40, 300), 0);
  });

  it('weights a corner, a side and every edge', () => {
    expect(regionWeight({ x: 1, y: -1 }, 0.98, 0.02)).toBeGreaterThan(0.9);
    expect(regionWeight({ x: 1, y: -1 }, 0.98, 0.98)).toBe(0);
    expect(regionWeight({ x: -1, y: 0 }, 0.02, 0.5)).toBeGreaterThan(0.9);
    expect(regionWeight({ x: 0, y: 0 }, 0.5, 0.5)).toBe(0);
  });
});

describe('"make the label crisper"', () => {
  it('raises the contrast of fine lettering and leaves a flat area flat', async () => {
    // Thin grey strokes on a light label (the letters), beside a flat area with faint grain.
    const data = Buffer.alloc(W * H * 3);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const letter = x < 200 && x % 6 < 2 && y > 100 && y < 200;
        const grain = x >= 200 ? ((x * 31 + y * 17) % 5) - 2 : 0;
        data.fill(letter ? 110 : 200 + grain, (y * W + x) * 3, (y * W + x) * 3 + 3);
      }
    }
    const source: DecodedImage = { data: await sharp(data, { raw: { width: W, height: H, channels: 3 } }).blur(0.8).raw().toBuffer(), width: W, height: H, channels: 3, hasAlpha: false, type: 'png' };
    const { adjustments } = parseInstruction('make the label crisper');
    const chain = await applyAdjustments(source, adjustments);
    const out = await chain.raw().toBuffer();
    const spread = (buf: Buffer, x0: number, x1: number) => {
      let lo = 255;
      let hi = 0;
      for (let y = 120; y < 180; y++) {
        for (let x = x0; x < x1; x++) {
          lo = Math.min(lo, buf[(y * W + x) * 3]!);
          hi = Math.max(hi, buf[(y * W + x) * 3]!);
        }
      }
      return hi - lo;
    };
    expect(spread(out, 20, 180)).toBeGreaterThan(spread(source.data, 20, 180) * 1.2);
    expect(spread(out, 220, 380)).toBeLessThanOrEqual(spread(source.data, 220, 380) + 1);
  });
});
