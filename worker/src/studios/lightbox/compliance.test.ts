import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { OUTPUT_PRESETS } from '@shotcraft/shared/jobs/studios/lightbox.ts';
import { checkCompliance } from './compliance';

/** A white frame with a dark square of `side` pixels in the middle. */
async function frame(size: number, side: number, background = '#ffffff'): Promise<Buffer> {
  const at = Math.round((size - side) / 2);
  return sharp({ create: { width: size, height: size, channels: 3, background } })
    .composite([{ input: { create: { width: side, height: side, channels: 3, background: '#203040' } }, left: at, top: at }])
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

describe('checkCompliance against the Amazon main-image rules', () => {
  it('passes a 2000×2000 JPEG on pure white with the product filling 88%', async () => {
    const checks = await checkCompliance(await frame(2000, 1760), OUTPUT_PRESETS.amazon, 'jpeg');
    expect(checks.map((c) => [c.rule, c.passed])).toEqual([
      ['Size 2000×2000 px', true],
      ['Background pure white (#FFFFFF)', true],
      ['Product fills at least 85% of the frame', true],
      ['JPEG file', true],
    ]);
  });

  it('fails a product that fills too little, an off-white background and the wrong size, each visibly', async () => {
    const small = await checkCompliance(await frame(2000, 1200), OUTPUT_PRESETS.amazon, 'jpeg');
    expect(small.find((c) => c.rule.startsWith('Product fills'))).toMatchObject({ passed: false, detail: '60%' });
    const grey = await checkCompliance(await frame(2000, 1760, '#fafafa'), OUTPUT_PRESETS.amazon, 'jpeg');
    expect(grey.find((c) => c.rule.startsWith('Background'))).toMatchObject({ passed: false });
    const wrong = await checkCompliance(await frame(1000, 880), OUTPUT_PRESETS.amazon, 'png');
    expect(wrong.filter((c) => !c.passed).map((c) => c.rule)).toEqual(['Size 2000×2000 px', 'JPEG file']);
  });

  it('checks Etsy by its shortest side', async () => {
    const checks = await checkCompliance(await frame(1500, 1000), OUTPUT_PRESETS.etsy, 'jpeg');
    expect(checks).toEqual([{ rule: 'Shortest side at least 2000 px', passed: false, detail: '1500 px' }]);
  });
});
