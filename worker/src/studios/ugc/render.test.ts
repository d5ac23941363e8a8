import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireMediaTools } from '../../video/binaries.js';
import { probeMedia } from '../../video/ffmpeg.js';
import { renderUgc, ugcSize, type UgcVideo } from './render.js';
import { TEST_PRODUCT, TEST_SCRIPT, testPhotos } from './test-ad.js';
import { ttsProvider } from './tts/index.js';

const run = promisify(execFile);
let dir: string;
let photos: string[];
const product = TEST_PRODUCT;
const script = TEST_SCRIPT;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ugc-render-'));
  photos = await Promise.all(
    (await testPhotos(640)).map(async (jpeg, i) => {
      const file = path.join(dir, `p${i}.jpg`);
      await writeFile(file, jpeg);
      return file;
    }),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const render = async (quality: 'preview' | 'final', captions = true) =>
  renderUgc({ photos, product, script, quality, captions, dir: await mkdtemp(path.join(dir, 'r-')) }, { tts: ttsProvider(), progress: () => {} });

/** The lower third of one frame at `t` seconds, as raw grey bytes. */
async function lowerThird(video: UgcVideo, t: number): Promise<Buffer> {
  const file = path.join(dir, `v-${Math.random()}.mp4`);
  await writeFile(file, video.mp4);
  const { stdout } = await run(requireMediaTools().ffmpeg, ['-v', 'error', '-ss', t.toFixed(2), '-i', file, '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', '-'], { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 });
  const { height, width } = video;
  return sharp(stdout).extract({ left: 0, top: Math.round(height * 0.6), width, height: Math.round(height * 0.3) }).greyscale().raw().toBuffer();
}

const difference = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;

describe('ugcSize', () => {
  it('renders 1080 on the short side, previews 480 on the long side, and a test stack\'s scale keeps the aspect', () => {
    expect(ugcSize('9:16', 'final')).toEqual({ width: 1080, height: 1920 });
    expect(ugcSize('1:1', 'preview')).toEqual({ width: 480, height: 480 });
    expect(ugcSize('9:16', 'final', 0.25)).toEqual({ width: 270, height: 480 });
    expect(ugcSize('16:9', 'final', 1 / 3)).toEqual({ width: 640, height: 360 });
  });
});

describe('renderUgc', { timeout: 120_000 }, () => {
  it('renders a 1080×1920 H.264 + AAC ad as long as its voice plus the end card', async () => {
    const video = await render('final');
    const file = path.join(dir, 'final.mp4');
    await writeFile(file, video.mp4);
    const probe = await probeMedia(file);
    const v = probe.streams.find((s) => s.codec_type === 'video')!;
    const a = probe.streams.find((s) => s.codec_type === 'audio')!;
    expect([v.codec_name, v.width, v.height]).toEqual(['h264', 1080, 1920]);
    expect(a.codec_name).toBe('aac');
    expect(Number(probe.format.duration)).toBeCloseTo(video.durationSeconds, 0);
    expect(video.scenes.map((s) => s.kind)).toEqual(['hook', 'body', 'cta', 'end']);
    // Every word is captioned, inside its own scene.
    expect(video.words).toHaveLength(script.scenes.reduce((n, s) => n + s.text.split(' ').length, 0));
    expect(video.words[0]!.start).toBeGreaterThanOrEqual(video.scenes[0]!.start);
    expect(video.words.at(-1)!.end).toBeLessThanOrEqual(video.scenes[2]!.end);
  });

  it('burns the captions in: a frame while a word is spoken differs from the same frame rendered without them', async () => {
    const [withCaptions, without] = await Promise.all([render('preview'), render('preview', false)]);
    expect([withCaptions.width, withCaptions.height]).toEqual([270, 480]);
    const word = withCaptions.words[2]!;
    const at = (word.start + word.end) / 2;
    const captioned = difference(await lowerThird(withCaptions, at), await lowerThird(without, at));
    // In the breath after the first line no caption is on screen: there the two renders agree.
    const words = script.scenes[0]!.text.split(' ').length;
    const pause = withCaptions.words[words - 1]!.end + 0.08;
    const quiet = difference(await lowerThird(withCaptions, pause), await lowerThird(without, pause));
    expect(captioned).toBeGreaterThan(4 * quiet);
  });

  it('refuses a photo it cannot decode', async () => {
    const broken = path.join(dir, 'broken.jpg');
    await writeFile(broken, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    await expect(renderUgc({ photos: [broken], product, script, quality: 'preview', dir: await mkdtemp(path.join(dir, 'b-')) }, { tts: ttsProvider(), progress: () => {} })).rejects.toMatchObject({ code: 'undecodable_image' });
  });
});
