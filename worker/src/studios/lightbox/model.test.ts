import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { LightboxOptions } from '@shotcraft/shared/jobs/studios/lightbox.ts';
import { bottleOnBusy, bottleOnPlain, iou, mugWithHandle } from '../../../test/lightbox-fixtures';
import { PHOTO_SCENES, renderPhoto } from '../../../test/photo-corpus';
import { REAL_PHOTOS, renderRealPhoto } from '../../../test/real-photos';
import { composeLightbox, CUTOUT_DOUBT } from './compose';
import { imglyCutout } from '../../models/cutout/imgly';
import { cutOutProduct } from '../../models/cutout/product-mask';

// The real ONNX model, loaded once for the whole file (seconds, about a gigabyte): every test that
// needs it lives here.
const provider = imglyCutout();

const decode = async (jpeg: Buffer) => {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 as const, hasAlpha: false, type: 'jpeg' as const };
};
const options = (o: Partial<LightboxOptions> = {}): LightboxOptions => ({
  product_name: 'Blue bottle', background: 'white', colour: '#f4d6e0', colour_to: '#ffffff', background_description: '', shadow: 'none', output: 'amazon', ...o,
});

describe('the local cut-out model', { timeout: 120_000 }, () => {
  it.each([
    ['a product on a plain backdrop', bottleOnPlain],
    ['a product on a busy kitchen table', bottleOnBusy],
    ['a mug whose handle has a hole', mugWithHandle],
  ])('masks %s with IoU ≥ 0.9 against the known shape', async (_name, make) => {
    const fixture = await make();
    const mask = await provider.mask({ png: await sharp(fixture.jpeg).png().toBuffer(), width: fixture.width, height: fixture.height });
    expect(iou(mask.data, fixture.mask)).toBeGreaterThanOrEqual(0.9);
  });

  it('masks a real photograph with hair-fine edges (a bunch of rambutans, spines all round) with IoU ≥ 0.9 against its hand-made alpha', async () => {
    const photo = await renderRealPhoto(REAL_PHOTOS.find((p) => p.id === 'real-rambutan-plain')!);
    const mask = await provider.mask({ png: await sharp(photo.jpeg).png().toBuffer(), width: photo.width, height: photo.height });
    expect(iou(mask.data, photo.mask)).toBeGreaterThanOrEqual(0.9);
  });
});

describe('the worker\'s cut-out (model, then the mask checked against the photo\'s colours)', { timeout: 120_000 }, () => {
  it('cuts a shoe out of a busy purple-and-red floral: the white sole kept, the flowers beside it left, and says to check the edges', async () => {
    const photo = await renderPhoto(PHOTO_SCENES.find((s) => s.id === 'sneaker-floral')!);
    // One mask for both calls below: the cut-out and the studio's whole composition.
    let mask: Awaited<ReturnType<typeof provider.mask>> | undefined;
    const once = { name: provider.name, mask: async (input: Parameters<typeof provider.mask>[0]) => (mask ??= await provider.mask(input)) };
    const cut = await cutOutProduct(await decode(photo.jpeg), once);
    const alpha = Buffer.alloc(photo.width * photo.height);
    for (let y = 0; y < cut.height; y++) for (let x = 0; x < cut.width; x++) alpha[(cut.box.top + y) * photo.width + cut.box.left + x] = cut.rgba[(y * cut.width + x) * 4 + 3]!;
    // The model alone scored 0.81 here (flowers taken in with the shoe).
    expect(iou(alpha, photo.mask)).toBeGreaterThanOrEqual(0.95);
    // The sole (a white band along the bottom) is product all along.
    for (const x of [200, 480, 800]) expect(alpha[640 * photo.width + x]).toBe(255);
    expect(cut.doubtful).toBe(true);
    const result = await composeLightbox(await decode(photo.jpeg), options({ output: 'instagram', background: 'studio-grey' }), once);
    expect(result.details.warnings).toEqual([CUTOUT_DOUBT]);
    // The studio delivers it without charge (StudioOutput.waiveCharge).
    expect(result.doubtful).toBe(true);
  });
});

describe('the worker\'s cut-out of a real photograph', { timeout: 120_000 }, () => {
  it('cuts a lion with a mane out of a busy kitchen with IoU ≥ 0.9 against the hand-made alpha, where the model alone takes in the kitchen', async () => {
    const photo = await renderRealPhoto(REAL_PHOTOS.find((p) => p.id === 'real-lion-kitchen')!);
    const cut = await cutOutProduct(await decode(photo.jpeg), provider);
    const alpha = Buffer.alloc(photo.width * photo.height);
    for (let y = 0; y < cut.height; y++) for (let x = 0; x < cut.width; x++) alpha[(cut.box.top + y) * photo.width + cut.box.left + x] = cut.rgba[(y * cut.width + x) * 4 + 3]!;
    // The model alone scored 0.82 here (the kitchen's tiles taken in around the mane).
    expect(iou(alpha, photo.mask)).toBeGreaterThanOrEqual(0.9);
  });
});

describe('composeLightbox', { timeout: 120_000 }, () => {
  it('turns a product on a kitchen table into a compliant Amazon main image', async () => {
    const result = await composeLightbox(await decode((await bottleOnBusy()).jpeg), options(), provider);
    expect([result.mimeType, result.width, result.height]).toEqual(['image/jpeg', 2000, 2000]);
    expect(result.details.compliance.every((c) => c.passed)).toBe(true);
    expect(result.details.warnings).toEqual([]);
    expect(result.doubtful).toBe(false);
    const { data } = await sharp(result.buffer).raw().toBuffer({ resolveWithObject: true });
    for (const [x, y] of [[0, 0], [1999, 0], [0, 1999], [1999, 1999], [1000, 5]]) expect([...data.subarray((y! * 2000 + x!) * 3, (y! * 2000 + x!) * 3 + 3)]).toEqual([255, 255, 255]);
  });

  it('keeps Amazon white whatever backdrop was asked for, and says so', async () => {
    const result = await composeLightbox(await decode((await bottleOnPlain()).jpeg), options({ background: 'colour', colour: '#ff0000' }), provider);
    expect(result.details.background).toBe('Pure white');
    expect(result.details.used).toContain('Amazon main image needs a pure white background');
  });

  it('draws a described backdrop at the Instagram size and reports the words it could not use', async () => {
    const result = await composeLightbox(
      await decode((await mugWithHandle()).jpeg),
      options({ output: 'instagram', background: 'description', background_description: 'warm marble with unicorns', shadow: 'contact' }),
      provider,
    );
    expect([result.width, result.height]).toEqual([1080, 1350]);
    expect(result.details).toMatchObject({ used: ['warm light', 'marble texture'], ignored: ['unicorns'], shadow: 'Soft contact shadow' });
  });

  it('gives a transparent PNG: corners fully transparent, the product opaque', async () => {
    const result = await composeLightbox(await decode((await bottleOnPlain()).jpeg), options({ output: 'original', background: 'transparent' }), provider);
    expect(result.mimeType).toBe('image/png');
    const { data, info } = await sharp(result.buffer).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    expect(alphaAt(0, 0)).toBe(0);
    expect(alphaAt(Math.round(info.width / 2), Math.round(info.height / 2))).toBe(255);
  });
});
