import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  blurredEdge, colourCastScene, warmBackdropScene, inBackgroundArea, inProductArea, naturalScene, noisyPatch, productScene, toJpeg, toPng, type RawRgb,
} from '../../../../test/fixtures.js';
import { cast, decodeRgb, edgeContrast, edgeSteepness, gradientEnergy, grain, regionStats } from '../../../../test/measure.js';
import { refineImage } from '../refine.js';
import { validateAndDecode } from '../../../image/validate.js';
import { sizeWarnings, upscaledSize } from './upscale.js';

const limits = { maxPixels: 40_000_000 };

async function decodedFrom(buffer: Buffer) {
  const file = path.join(os.tmpdir(), `pipeline-test-${process.pid}-${Math.random().toString(36).slice(2)}`);
  await writeFile(file, buffer);
  return validateAndDecode(file, buffer.length, limits);
}

async function refine(img: RawRgb | Buffer, preset: string, instruction?: string) {
  const input = Buffer.isBuffer(img) ? img : await toPng(img);
  const result = await refineImage(await decodedFrom(input), preset, instruction);
  return { result, pixels: await decodeRgb(result.buffer) };
}

describe('Refine Image presets (measured on generated images)', () => {
  it('Color Correction keeps a backdrop that is warm on purpose warm, using the white label as its reference', async () => {
    const scene = warmBackdropScene();
    const { pixels } = await refine(scene, 'color');
    const backdrop = (img: RawRgb) => regionStats(img, (x, y) => inBackgroundArea(x, y, img.width, img.height)).means;
    const [r0, , b0] = backdrop(scene);
    const [r1, , b1] = backdrop(pixels);
    // Grey world turned this backdrop cold cyan (R − B from +64 to below 0); it must stay warm.
    expect(r1 - b1).toBeGreaterThan((r0 - b0) * 0.8);
  });

  it('Color Correction removes most of a warm colour cast and stretches the levels', async () => {
    const scene = colourCastScene();
    const { pixels, result } = await refine(scene, 'color');
    expect(cast(scene)).toBeGreaterThan(60);
    expect(cast(pixels)).toBeLessThan(cast(scene) * 0.25);
    expect(regionStats(pixels).lumaStdev).toBeGreaterThan(regionStats(scene).lumaStdev);
    expect(result.applied[0]).toMatch(/^white balance/);
  });

  it('Sharpness & Detail raises edge contrast across a soft edge', async () => {
    const edge = blurredEdge();
    const { pixels } = await refine(edge, 'sharpness');
    expect(edgeContrast(pixels)).toBeGreaterThan(edgeContrast(edge) + 6);
    expect(gradientEnergy(pixels)).toBeGreaterThan(gradientEnergy(edge) * 1.1);
  });

  it('Noise Reduction lowers the grain of a noisy flat patch and keeps its level', async () => {
    const patch = noisyPatch();
    const { pixels } = await refine(patch, 'noise');
    expect(grain(pixels)).toBeLessThan(grain(patch) * 0.5);
    expect(Math.abs(regionStats(pixels).luma - regionStats(patch).luma)).toBeLessThan(4);
  });

  it('Noise Reduction keeps a hard edge hard', async () => {
    const edge: RawRgb = { ...blurredEdge(), data: Buffer.from(blurredEdge().data.map((v) => (v > 125 ? 190 : 60))) };
    const { pixels } = await refine(edge, 'noise');
    expect(edgeSteepness(pixels)).toBeGreaterThan(100);
  });

  it('AI Upscaling doubles both dimensions, and says the result is still too small for every marketplace', async () => {
    const { result } = await refine(naturalScene(100, 100), 'upscale');
    expect([result.width, result.height]).toEqual([200, 200]);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/^Still small at 200×200 px for Amazon, Instagram, Shopify, Etsy \(Amazon: at least 1,000 px on the longest side/);
  });

  it('AI Upscaling names only the marketplaces a result is still too small for, and nothing once it fits them all', () => {
    expect(sizeWarnings(1200, 900)[0]).toMatch(/for Shopify, Etsy \(/);
    expect(sizeWarnings(2400, 2400)).toEqual([]);
  });

  it('AI Upscaling caps the long side at 8192 px', () => {
    expect(upscaledSize(6000, 4000)).toMatchObject({ width: 8192, height: 5461 });
    expect(upscaledSize(3000, 5000)).toMatchObject({ width: 4915, height: 8192 });
    expect(upscaledSize(100, 50)).toMatchObject({ width: 200, height: 100, factor: 2 });
  });

  it('Background Enhancement brightens and evens out the background and leaves the product alone', async () => {
    const scene = productScene();
    const { pixels } = await refine(scene, 'background');
    const bg = (img: RawRgb) => regionStats(img, (x, y) => inBackgroundArea(x, y, img.width, img.height));
    const product = (img: RawRgb) => regionStats(img, (x, y) => inProductArea(x, y, img.width, img.height));
    expect(bg(pixels).luma).toBeGreaterThan(bg(scene).luma + 12);
    expect(bg(pixels).lumaStdev).toBeLessThan(bg(scene).lumaStdev * 0.6);
    expect(bg(pixels).chroma).toBeLessThan(bg(scene).chroma);
    expect(Math.abs(product(pixels).luma - product(scene).luma)).toBeLessThan(4);
    expect(Math.abs(product(pixels).means[0] - product(scene).means[0])).toBeLessThan(5);
  });

  it('General Enhancement adds contrast and colour to a dull photo', async () => {
    const scene = naturalScene(200, 150);
    const dull: RawRgb = { ...scene, data: Buffer.from(scene.data.map((v) => 70 + v * 0.45)) };
    const { pixels } = await refine(dull, 'general');
    expect(regionStats(pixels).lumaStdev).toBeGreaterThan(regionStats(dull).lumaStdev * 1.4);
    expect(regionStats(pixels).chroma).toBeGreaterThan(regionStats(dull).chroma * 1.3);
  });

  it('Custom applies what the instruction asks: black and white, warmer, brighter', async () => {
    const scene = naturalScene(160, 120);
    const mono = await refine(scene, 'custom', 'black and white');
    expect(regionStats(mono.pixels).chroma).toBeLessThan(3);
    const warm = await refine(scene, 'custom', 'much warmer');
    const [r0, , b0] = regionStats(scene).means;
    const [r1, , b1] = regionStats(warm.pixels).means;
    expect(r1 - b1).toBeGreaterThan(r0 - b0 + 10);
    const bright = await refine(scene, 'custom', 'brighter');
    expect(regionStats(bright.pixels).luma).toBeGreaterThan(regionStats(scene).luma + 8);
    expect(bright.result.applied).toEqual(['brightness +12%']);
  });

  it('Custom refuses an instruction it cannot act on, naming the words', async () => {
    await expect(refine(naturalScene(40, 30), 'custom', 'add sparkles and unicorns')).rejects.toMatchObject({
      code: 'invalid_instruction',
      extra: { ignored: ['sparkles', 'unicorns'] },
    });
  });
});

describe('Refine Image output', () => {
  it('applies EXIF orientation, strips metadata (GPS) and writes sRGB JPEG at quality 90', async () => {
    const scene = naturalScene(60, 40);
    const tagged = await sharp(scene.data, { raw: { width: 60, height: 40, channels: 3 } })
      .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await sharp(tagged).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    const { result } = await refine(tagged, 'color');
    const meta = await sharp(result.buffer).metadata();
    expect([meta.width, meta.height]).toEqual([40, 60]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.format).toBe('jpeg');
    expect(meta.space).toBe('srgb');
    expect(result.mimeType).toBe('image/jpeg');
  });

  it('keeps transparency as PNG and keeps the resolution', async () => {
    const rgba = await sharp({ create: { width: 50, height: 30, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0.5 } } }).png().toBuffer();
    const { result } = await refine(rgba, 'general');
    const meta = await sharp(result.buffer).metadata();
    expect(result.mimeType).toBe('image/png');
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([50, 30, true]);
  });

  it('refines a JPEG with every preset at the same resolution (except Upscaling)', async () => {
    const jpeg = await toJpeg(naturalScene(90, 60));
    for (const preset of ['general', 'color', 'sharpness', 'noise', 'background']) {
      const { result } = await refine(jpeg, preset);
      expect([preset, result.width, result.height]).toEqual([preset, 90, 60]);
    }
  });

  it('refuses an unknown preset', async () => {
    await expect(refine(naturalScene(20, 20), 'sparkle')).rejects.toMatchObject({ code: 'unknown_preset', status: 422 });
  });
});
