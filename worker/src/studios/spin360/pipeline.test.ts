import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spinOptionsSchema } from '@shotcraft/shared/jobs/studios/spin360.ts';
import type { CutoutProvider } from '../../models/cutout/provider.js';
import { countFrames, probeMedia, runFfmpeg, FfmpegError } from '../../video/ffmpeg.js';
import { makeSpin } from './pipeline.js';
import type { SpinSource } from './source.js';
import { writeTurntableFrames } from './test-frames.js';

let dir: string;
let frameFiles: string[];

const photos = (files: string[]): SpinSource => ({
  kind: 'frames',
  dir,
  photos: files.map((file, i) => ({ file, label: `Photo ${i + 1}`, width: 640, height: 480 })),
});

async function meanRed(jpeg: Buffer): Promise<number> {
  const { channels } = await sharp(jpeg).stats();
  return channels[0]!.mean;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'spin-test-'));
  frameFiles = await writeTurntableFrames(path.join(dir, 'in'), 36);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('makeSpin', { timeout: 60_000 }, () => {
  it('turns 36 photos into a 1080×1080 MP4 of one turn, a GIF loop, a poster and 36 viewer frames', async () => {
    const progress: number[] = [];
    const spin = await makeSpin(photos(frameFiles), spinOptionsSchema.parse({ source: 'frames', seconds_per_turn: 4 }), { progress: (f) => progress.push(f) });

    await writeFile(path.join(dir, 'out.mp4'), spin.mp4);
    const probe = await probeMedia(path.join(dir, 'out.mp4'));
    const video = probe.streams.find((s) => s.codec_type === 'video')!;
    expect(video.codec_name).toBe('h264');
    expect([video.width, video.height]).toEqual([1080, 1080]);
    expect(await countFrames(path.join(dir, 'out.mp4'))).toBe(120);
    expect(Number(probe.format.duration)).toBeCloseTo(4, 1);
    // faststart: the index (moov) comes before the media data.
    expect(spin.mp4.indexOf('moov')).toBeLessThan(spin.mp4.indexOf('mdat'));

    const gif = await sharp(spin.loop.buffer, { animated: true }).metadata();
    expect(spin.loop.mimeType).toBe('image/gif');
    expect(gif.format).toBe('gif');
    expect(gif.pages).toBe(36);
    expect(gif.loop).toBe(0);

    expect(spin.frames).toHaveLength(36);
    for (const frame of [spin.frames[0]!, spin.frames[35]!]) {
      const meta = await sharp(frame).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', spin.frameSize.width, spin.frameSize.height]);
    }
    expect(spin.frameSize.width).toBe(spin.frameSize.height);
    const poster = await sharp(spin.poster).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(['jpeg', 1080, 1080]);

    // Progress only moves forward and ends near the top.
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBeGreaterThanOrEqual(0.95);
  });

  it('centres the product: the crop follows the union of the product boxes, not the frame', async () => {
    const spin = await makeSpin(photos(frameFiles.slice(0, 12)), spinOptionsSchema.parse({ source: 'frames' }), { progress: () => {} });
    // The box stands 12% right of the frame's centre; the crop's centre follows it.
    const centre = spin.crop.left + spin.crop.width / 2;
    expect(centre).toBeGreaterThan(0.55);
    expect(centre).toBeLessThan(0.69);
    // Square crop of a 4:3 frame: narrower than the frame.
    expect(spin.crop.width * 640).toBeCloseTo(spin.crop.height * 480, 0);
  });

  it('keeps the source aspect when asked, and makes an animated WebP instead of a GIF', async () => {
    const spin = await makeSpin(photos(frameFiles.slice(0, 8)), spinOptionsSchema.parse({ source: 'frames', aspect: 'source', loop_format: 'webp', seconds_per_turn: 3 }), { progress: () => {} });
    await writeFile(path.join(dir, 'source.mp4'), spin.mp4);
    const video = (await probeMedia(path.join(dir, 'source.mp4'))).streams.find((s) => s.codec_type === 'video')!;
    expect([video.width, video.height]).toEqual([1080, 810]);
    const webp = await sharp(spin.loop.buffer, { animated: true }).metadata();
    expect([spin.loop.mimeType, webp.format, webp.pages]).toEqual(['image/webp', 'webp', 8]);
  });

  it('turns the other way counter-clockwise: the frame order is reversed', async () => {
    const files = frameFiles.slice(0, 8);
    const cw = await makeSpin(photos(files), spinOptionsSchema.parse({ source: 'frames' }), { progress: () => {} });
    const ccw = await makeSpin(photos(files), spinOptionsSchema.parse({ source: 'frames', direction: 'counterclockwise' }), { progress: () => {} });
    expect(await meanRed(ccw.frames[0]!)).toBeCloseTo(await meanRed(cw.frames[7]!), 0);
    expect(await meanRed(ccw.frames[7]!)).toBeCloseTo(await meanRed(cw.frames[0]!), 0);
  });

  it('takes evenly spaced frames from a turntable video', async () => {
    const video = path.join(dir, 'turntable.mp4');
    await runFfmpeg(['-framerate', '12', '-i', path.join(dir, 'in', '%03d_turn.jpg'), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', video]);
    const probe = await probeMedia(video);
    const source: SpinSource = { kind: 'video', dir: await mkdtemp(path.join(dir, 'video-')), file: video, probe, durationSeconds: Number(probe.format.duration) };
    const spin = await makeSpin(source, spinOptionsSchema.parse({ source: 'video', video_frames: 24 }), { progress: () => {} });
    expect(spin.frames).toHaveLength(24);
    expect(spin.video.frames).toBe(150);
  });

  it('puts the product on pure white with the cut-out when asked', async () => {
    // A stand-in cut-out that knows where the synthetic box is (the real model is the lightbox's).
    const cutout: CutoutProvider = {
      name: 'test',
      async mask({ png, width, height }) {
        const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
        const mask = Buffer.alloc(width * height);
        for (let p = 0; p < width * height; p++) mask[p] = data[p * 3]! < 200 || data[p * 3 + 2]! < 200 ? 255 : 0;
        return { data: mask, width, height };
      },
    };
    const spin = await makeSpin(photos(frameFiles.slice(0, 8)), spinOptionsSchema.parse({ source: 'frames', background: 'white' }), { progress: () => {}, cutout: () => cutout });
    const { data, info } = await sharp(spin.frames[0]!).raw().toBuffer({ resolveWithObject: true });
    const corner = [data[0], data[1], data[2]];
    expect(corner.every((v) => v! >= 250)).toBe(true);
    expect(info.width).toBe(spin.frameSize.width);
    // The mask lands where the product is, row for row: the top and bottom bands are all white and
    // the middle row holds the product (a mask read with the wrong stride stripes the whole frame).
    const white = (y: number) => {
      for (let x = 0; x < info.width; x++) if (data[(y * info.width + x) * info.channels]! < 250) return false;
      return true;
    };
    for (const y of [2, Math.round(info.height * 0.04), info.height - 3]) expect(white(y), `row ${y}`).toBe(true);
    expect(white(Math.round(info.height / 2))).toBe(false);
  });
});

describe('runFfmpeg', () => {
  it('fails with FfmpegError when ffmpeg is killed', async () => {
    const args = ['-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=30:duration=60', '-c:v', 'libx264', '-preset', 'placebo', '-f', 'null', '-'];
    await expect(runFfmpeg(args, { timeoutMs: 300 })).rejects.toBeInstanceOf(FfmpegError);
  });
});
