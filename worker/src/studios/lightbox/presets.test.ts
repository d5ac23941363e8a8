import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_KEYS, OUTPUT_PRESETS, SHADOW_KEYS, type LightboxOptions, type OutputPresetKey } from '@shotcraft/shared/jobs/studios/lightbox.ts';
import { bottleOnPlain, type ProductFixture } from '../../../test/lightbox-fixtures';
import { cutOutProduct } from '../../models/cutout/product-mask';
import { composeLightbox, composeProduct, type CutOutPhoto } from './compose';
import type { CutoutProvider } from '../../models/cutout/provider';

/**
 * Every output preset × background × shadow a user can choose gives a result that passes the
 * preset's own compliance list: a preset never makes what it flags. The cut-out is the fixture's
 * known mask (the model's quality is model.test.ts's business), cut out once; everything after it
 * is the real compose, encode and check, at each preset's full size.
 */
let fixture: ProductFixture;
let decoded: Awaited<ReturnType<typeof decode>>;
let cut: CutOutPhoto;

const decode = async (jpeg: Buffer) => {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 as const, hasAlpha: false, type: 'jpeg' as const };
};

/** The fixture's true silhouette, at the size the cut-out is asked for. */
const knownMask: CutoutProvider = {
  name: 'known mask',
  async mask(input) {
    const data = await sharp(fixture.mask, { raw: { width: fixture.width, height: fixture.height, channels: 1 } })
      .resize(input.width, input.height, { fit: 'fill' })
      .extractChannel(0)
      .raw()
      .toBuffer();
    return { data, width: input.width, height: input.height };
  },
};

const options = (output: OutputPresetKey, background: LightboxOptions['background'], shadow: LightboxOptions['shadow']): LightboxOptions => ({
  product_name: 'Blue bottle',
  output,
  background,
  shadow,
  colour: '#2f6f4f',
  colour_to: '#f0e6d8',
  background_description: 'rustic kitchen counter, morning light',
});

beforeAll(async () => {
  fixture = await bottleOnPlain();
  decoded = await decode(fixture.jpeg);
  cut = { product: await cutOutProduct(decoded, knownMask), cutout: knownMask.name, width: decoded.width, height: decoded.height };
});

const presets = Object.keys(OUTPUT_PRESETS) as OutputPresetKey[];

describe('every preset, background and shadow passes its own compliance list', { timeout: 300_000 }, () => {
  it.each(presets)('%s', async (output) => {
    const failures: string[] = [];
    for (const background of BACKGROUND_KEYS) {
      for (const shadow of SHADOW_KEYS) {
        const result = await composeProduct(cut, options(output, background, shadow));
        for (const check of result.details.compliance) {
          if (!check.passed) failures.push(`${background} + ${shadow}: ${check.rule} — ${check.detail}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('records where the product was in the photo and where the result put it, so the before/after view lines them up', async () => {
    const result = await composeLightbox(decoded, options('amazon', 'white', 'none'), knownMask);
    const { from, to } = result.details.framing;
    // The known silhouette's extent in the photo (fractions), inside the recorded box.
    let minX = 1, maxX = 0, minY = 1, maxY = 0;
    for (let p = 0; p < fixture.mask.length; p++) {
      if (fixture.mask[p]! < 128) continue;
      const x = (p % fixture.width) / fixture.width;
      const y = Math.floor(p / fixture.width) / fixture.height;
      [minX, maxX, minY, maxY] = [Math.min(minX, x), Math.max(maxX, x), Math.min(minY, y), Math.max(maxY, y)];
    }
    expect(from.left).toBeLessThanOrEqual(minX);
    expect(from.top).toBeLessThanOrEqual(minY);
    expect(from.left + from.width).toBeGreaterThanOrEqual(maxX);
    expect(from.top + from.height).toBeGreaterThanOrEqual(maxY);
    // Amazon centres the product at 85% fill of a square: the same box, scaled alike both ways.
    expect(to.left + to.width / 2).toBeCloseTo(0.5, 2);
    expect(to.top + to.height / 2).toBeCloseTo(0.5, 2);
    expect(Math.max(to.width, to.height)).toBeCloseTo(OUTPUT_PRESETS.amazon.fill, 2);
    expect((to.width * 2000) / (from.width * fixture.width)).toBeCloseTo((to.height * 2000) / (from.height * fixture.height), 2);
  });

  it('keeps an Amazon contact shadow and reflection, inside the white edge', async () => {
    for (const shadow of ['contact', 'reflection'] as const) {
      const result = await composeLightbox(decoded, options('amazon', 'white', shadow), knownMask);
      expect(result.details.shadow).not.toBe('No shadow');
      expect(result.details.used.join(' ')).not.toMatch(/left out/);
      // The shadow is there: grey pixels under the product's base, which sits at 94% of the height.
      const { data } = await sharp(result.buffer).raw().toBuffer({ resolveWithObject: true });
      let grey = 0;
      for (let y = 1885; y < 1980; y++) for (let x = 600; x < 1400; x++) if (data[(y * 2000 + x) * 3]! < 250) grey++;
      expect(grey).toBeGreaterThan(1000);
    }
  });
});
