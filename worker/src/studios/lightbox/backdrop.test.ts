import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderBackdrop } from './backdrop';
import { parseBackdropDescription } from './backdrop-words';

/** Mean and standard deviation of the luminance of a band of rows, and its fine detail (mean absolute difference of neighbours). */
async function band(png: Buffer, top: number, bottom: number) {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  let sq = 0;
  let detail = 0;
  let n = 0;
  for (let y = Math.round(top * info.height); y < Math.round(bottom * info.height); y++) {
    for (let x = 1; x < info.width; x++) {
      const v = data[y * info.width + x]!;
      sum += v;
      sq += v * v;
      detail += Math.abs(v - data[y * info.width + x - 1]!);
      n++;
    }
  }
  const mean = sum / n;
  return { mean, sd: Math.sqrt(sq / n - mean * mean), detail: detail / n };
}

describe('renderBackdrop', () => {
  it('draws "rustic kitchen counter, morning light, blurred herbs" as a scene: a textured counter, a soft wall with green behind', { timeout: 30_000 }, async () => {
    const png = await renderBackdrop(parseBackdropDescription('rustic kitchen counter, morning light, blurred herbs').spec, 800, 1000);
    const wall = await band(png, 0.05, 0.55);
    const counter = await band(png, 0.7, 0.98);
    expect(await sharp(png).metadata()).toMatchObject({ width: 800, height: 1000 });
    // The counter has grain; the wall behind is out of focus, so its neighbouring pixels barely differ.
    expect(counter.sd).toBeGreaterThan(6);
    expect(wall.detail).toBeLessThan(counter.detail);
    // Morning light from the left: the left of the wall is brighter than its right.
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const column = (x0: number) => {
      let s = 0;
      for (let y = 50; y < 400; y++) for (let x = x0; x < x0 + 60; x++) s += data[y * info.width + x]!;
      return s / (350 * 60);
    };
    expect(column(20)).toBeGreaterThan(column(720));
    // The herbs: green pixels in the wall's lower part.
    const rgb = await sharp(png).removeAlpha().raw().toBuffer();
    let green = 0;
    for (let p = 0; p < 800 * 600; p++) if (rgb[p * 3 + 1]! > rgb[p * 3]! + 15 && rgb[p * 3 + 1]! > rgb[p * 3 + 2]! + 15) green++;
    expect(green).toBeGreaterThan(2000);
  });

  it('gives every material structure, not a flat fill', { timeout: 30_000 }, async () => {
    for (const words of ['white marble', 'oak wood', 'grey concrete', 'linen', 'terrazzo', 'brick wall', 'white tiles']) {
      const png = await renderBackdrop(parseBackdropDescription(words).spec, 400, 400);
      expect((await band(png, 0.1, 0.9)).sd, words).toBeGreaterThan(1.5);
    }
  });

  it('draws one described backdrop once for a batch: the same words and size give the drawing already made', { timeout: 30_000 }, async () => {
    const { spec } = parseBackdropDescription('walnut table, warm light');
    const first = await renderBackdrop(spec, 300, 300);
    expect(await renderBackdrop(structuredClone(spec), 300, 300)).toBe(first);
    expect(await renderBackdrop(spec, 300, 320)).not.toBe(first);
    expect(await renderBackdrop(parseBackdropDescription('walnut table, cool light').spec, 300, 300)).not.toBe(first);
  });
});
