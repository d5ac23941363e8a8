import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cutOutProduct } from './product-mask';
import type { CutoutProvider } from './provider';

/** A blue disc photographed on white, 600 × 600, and a provider whose mask is the disc. */
async function discOnWhite() {
  const svg = (fill: string, bg: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="${bg}"/><circle cx="300" cy="300" r="180" fill="${fill}"/></svg>`);
  const { data, info } = await sharp(svg('#1d4ed8', '#ffffff')).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const provider: CutoutProvider = {
    name: 'disc',
    mask: async ({ width, height }) => ({ width, height, data: await sharp(svg('#ffffff', '#000000')).resize(width, height).extractChannel(0).raw().toBuffer() }),
  };
  return { image: { data, width: info.width, height: info.height, channels: 3 as const, hasAlpha: false, type: 'png' as const }, provider };
}

describe('the cut-out\'s soft edge', () => {
  it('takes the product\'s colour, not the white it was photographed on, and stays as soft as it was', async () => {
    const { image, provider } = await discOnWhite();
    const cut = await cutOutProduct(image, provider);
    let soft = 0;
    let worst = 0;
    for (let p = 0; p < cut.width * cut.height; p++) {
      const a = cut.rgba[p * 4 + 3]!;
      if (a === 0 || a === 255) continue;
      soft++;
      // Distance from the disc's blue (#1d4ed8): white mixed in would pull it towards 255s.
      const d = Math.hypot(cut.rgba[p * 4]! - 0x1d, cut.rgba[p * 4 + 1]! - 0x4e, cut.rgba[p * 4 + 2]! - 0xd8);
      worst = Math.max(worst, d);
    }
    expect(soft).toBeGreaterThan(500);
    expect(worst).toBeLessThan(40);
  });
});
