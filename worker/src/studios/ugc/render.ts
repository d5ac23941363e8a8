import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { UGC_ASPECTS, UGC_LIMITS, type UgcAspect, type UgcProduct, type UgcScript } from '@shotcraft/shared/jobs/studios/ugc.ts';
import { WorkerError } from '../../http/errors.js';
import { mapLimit } from '../../map-limit.js';
import { FfmpegError, runFfmpeg } from '../../video/ffmpeg.js';
import { captionsAss, type TimedWord } from './captions.js';
import type { SpokenLine, TtsProvider } from './tts/index.js';

/** The full render and the free preview differ only in size, frame rate and encoder effort. */
export const UGC_QUALITY = {
  final: { fps: 30, preset: 'veryfast', crf: '21', audioBitrate: '128k' },
  preview: { fps: 24, preset: 'ultrafast', crf: '31', audioBitrate: '64k' },
} as const;
export type UgcQuality = keyof typeof UGC_QUALITY;

/** The voice starts this long into its scene; a scene lasts its line plus a breath, and never less than MIN_SCENE. */
const LEAD_IN = 0.15;
const BREATH = 0.35;
const MIN_SCENE = 1.6;
const END_CARD = 2.4;
const FADE = 0.2;
/** How far a photo drifts: 8% zoom over its scene (Ken Burns). */
const ZOOM = 0.08;

export interface UgcRenderInput {
  /** The product photos on disk, in the order scenes name them. */
  photos: string[];
  product: UgcProduct;
  script: UgcScript;
  quality: UgcQuality;
  /** A folder of this render's own for its intermediate files. */
  dir: string;
  /** Burned-in captions (default true). */
  captions?: boolean;
  /** A final render's share of the full size (default 1; test stacks render smaller: UGC_RENDER_SCALE). */
  scale?: number;
}

export interface UgcRenderDeps {
  tts: TtsProvider;
  progress(fraction: number): void;
}

export interface UgcVideo {
  mp4: Buffer;
  width: number;
  height: number;
  durationSeconds: number;
  /** Where each scene starts and ends in the video (the end card last). */
  scenes: { kind: string; start: number; end: number }[];
  /** The burned-in captions, kept for the record (and tests). */
  ass: string;
  words: TimedWord[];
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
const require = createRequire(import.meta.url);
const FONT_FILE = require.resolve('@expo-google-fonts/inter/800ExtraBold/Inter_800ExtraBold.ttf');

/**
 * Output size for an aspect: 1080 on the short side for a render (times `scale`, which only test
 * stacks set), 480 on the long side for a preview.
 */
export function ugcSize(aspect: UgcAspect, quality: UgcQuality, finalScale = 1): { width: number; height: number } {
  const full = UGC_ASPECTS[aspect];
  if (quality === 'final') return finalScale === 1 ? { width: full.width, height: full.height } : { width: even(full.width * finalScale), height: even(full.height * finalScale) };
  const scale = UGC_LIMITS.previewLongSide / Math.max(full.width, full.height);
  return { width: even(full.width * scale), height: even(full.height * scale) };
}

/**
 * A scene's still: the photo whole and centred over a blurred, darkened fill of itself (how
 * creators put a square product shot into a 9:16 frame), 8% larger than the video so it can drift.
 */
async function sceneStill(photo: string, size: { width: number; height: number }, out: string): Promise<void> {
  const big = { width: even(size.width * (1 + ZOOM + 0.02)), height: even(size.height * (1 + ZOOM + 0.02)) };
  const source = sharp(photo, { failOn: 'error' }).rotate();
  const background = await source.clone().resize(big.width, big.height, { fit: 'cover' }).blur(Math.max(8, big.width / 40)).modulate({ brightness: 0.6 }).toBuffer();
  const inner = { width: Math.round(big.width * 0.9), height: Math.round(big.height * 0.78) };
  const product = await source.clone().resize(inner.width, inner.height, { fit: 'inside' }).toBuffer({ resolveWithObject: true });
  await sharp(background)
    .composite([{ input: product.data, left: Math.round((big.width - product.info.width) / 2), top: Math.round((big.height - product.info.height) / 2.4) }])
    .jpeg({ quality: 90 })
    .toFile(out);
}

/** The end card's backdrop: the brand's indigo, softly graded. Its words are captions (same font). */
async function endCardStill(size: { width: number; height: number }, out: string): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="#312e81"/><stop offset="1" stop-color="#111827"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toFile(out);
}

function failed(err: unknown): never {
  if (err instanceof FfmpegError) throw new WorkerError('processing_failed', 'The video could not be rendered. Your credits were refunded; please try again.');
  throw err;
}

/**
 * Product photos and a script → a voiced, captioned ad: each scene's line spoken (offline TTS),
 * its photo drifting (Ken Burns) with a fade between scenes, captions from the voice's own timing
 * with the spoken word highlighted, and an end card with the offer and the call to action.
 */
export async function renderUgc(input: UgcRenderInput, deps: UgcRenderDeps): Promise<UgcVideo> {
  const { script, product, quality, dir } = input;
  const q = UGC_QUALITY[quality];
  const size = ugcSize(product.aspect, quality, input.scale);
  await mkdir(path.join(dir, 'fonts'), { recursive: true });

  // 1. The stills and the font, made while the voice speaks (they do not depend on it). Settled,
  // not raced: a bad photo must not leave other writes running into a folder being removed.
  const photoOf = (i: number) => input.photos[Math.min(script.scenes[i]!.photo, input.photos.length - 1)]!;
  const stillsMade = Promise.allSettled([
    ...script.scenes.map((_, i) => sceneStill(photoOf(i), size, path.join(dir, `scene-${i}.jpg`))),
    endCardStill(size, path.join(dir, 'end.jpg')),
    copyFile(FONT_FILE, path.join(dir, 'fonts', path.basename(FONT_FILE))),
  ]);

  // 2. The voice, line by line: its length sets each scene's.
  let spoken = 0;
  const voiced = mapLimit(script.scenes, 2, async (scene, i) => {
    const line = await deps.tts.speak(scene.text, path.join(dir, `voice-${i}.wav`));
    deps.progress((0.25 * ++spoken) / script.scenes.length);
    return line;
  });
  // Both settle before anything is thrown, so no write is left running.
  const [voice, stills] = await Promise.all([voiced.then((lines) => ({ lines }), (error: unknown) => ({ error })), stillsMade]);
  if ('error' in voice) throw voice.error;
  const lines: SpokenLine[] = voice.lines;
  const scenes: UgcVideo['scenes'] = [];
  const words: TimedWord[] = [];
  let t = 0;
  script.scenes.forEach((scene, i) => {
    const line = lines[i]!;
    const duration = Math.max(MIN_SCENE, LEAD_IN + line.durationSeconds + BREATH);
    for (const w of line.words) words.push({ word: w.word, start: t + LEAD_IN + w.start, end: t + LEAD_IN + w.end });
    scenes.push({ kind: scene.kind, start: t, end: t + duration });
    t += duration;
  });
  scenes.push({ kind: 'end', start: t, end: t + END_CARD });
  const total = t + END_CARD;
  if (total > UGC_LIMITS.maxSeconds + END_CARD) {
    throw new WorkerError('invalid_options', `This script would run ${Math.round(total)} s; an ad may be at most ${UGC_LIMITS.maxSeconds} s. Shorten some lines.`);
  }

  // 3. The captions from the voice's timing, once every still is made.
  const failure = stills.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) {
    if (failure.reason instanceof WorkerError) throw failure.reason;
    throw new WorkerError('undecodable_image', 'A product photo could not be decoded. Upload it again and retry.');
  }
  const ass = captionsAss(words, size, { title: product.name, offer: product.offer, cta: product.cta, start: t + 0.1, end: total });
  await writeFile(path.join(dir, 'captions.ass'), ass);
  deps.progress(0.3);

  // 4. The soundtrack: each line placed in its scene, silence between, as one WAV.
  const audioParts = script.scenes.map((_, i) => `[${i}:a]aresample=48000,aformat=channel_layouts=mono,adelay=${Math.round(LEAD_IN * 1000)},apad,atrim=end=${(scenes[i]!.end - scenes[i]!.start).toFixed(3)}[a${i}]`);
  const audioLabels = script.scenes.map((_, i) => `[a${i}]`).join('');
  await runFfmpeg(
    [
      ...lines.flatMap((l) => ['-i', l.wavPath]),
      '-filter_complex',
      `${audioParts.join(';')};anullsrc=r=48000:cl=mono,atrim=end=${END_CARD}[aend];${audioLabels}[aend]concat=n=${script.scenes.length + 1}:v=0:a=1[out]`,
      '-map', '[out]', '-c:a', 'pcm_s16le', path.join(dir, 'soundtrack.wav'),
    ],
    { timeoutMs: 60_000 },
  ).catch(failed);

  // 5. The picture: stills drifting, fades between scenes, the end card, captions on top; with the soundtrack.
  const inputs: string[] = [];
  const filters: string[] = [];
  scenes.forEach((scene, i) => {
    const seconds = scene.end - scene.start;
    const frames = Math.max(1, Math.round(seconds * q.fps));
    inputs.push('-loop', '1', '-framerate', String(q.fps), '-t', seconds.toFixed(3), '-i', scene.kind === 'end' ? 'end.jpg' : `scene-${i}.jpg`);
    // Alternate zooming in and out so consecutive scenes do not repeat one move.
    const zoom = i % 2 === 0 ? `1+${ZOOM}*on/${frames}` : `${1 + ZOOM}-${ZOOM}*on/${frames}`;
    const motion = scene.kind === 'end' ? `scale=${size.width}:${size.height}` : `zoompan=z='${zoom}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=${size.width}x${size.height}:fps=${q.fps}`;
    const fadeOut = scene.kind === 'end' ? '' : `,fade=t=out:st=${(seconds - FADE).toFixed(3)}:d=${FADE}`;
    filters.push(`[${i}:v]${motion},setsar=1,format=yuv420p,fade=t=in:st=0:d=${FADE}${fadeOut}[v${i}]`);
  });
  const audioIndex = scenes.length;
  filters.push(`${scenes.map((_, i) => `[v${i}]`).join('')}concat=n=${scenes.length}:v=1:a=0[vc]`);
  filters.push(input.captions === false ? '[vc]null[vo]' : '[vc]ass=filename=captions.ass:fontsdir=fonts[vo]');
  await runFfmpeg(
    [
      ...inputs,
      '-i', 'soundtrack.wav',
      '-filter_complex', filters.join(';'),
      '-map', '[vo]', '-map', `${audioIndex}:a`,
      '-c:v', 'libx264', '-preset', q.preset, '-crf', q.crf, '-pix_fmt', 'yuv420p', '-r', String(q.fps),
      '-c:a', 'aac', '-b:a', q.audioBitrate, '-ar', '48000',
      '-movflags', '+faststart', '-t', total.toFixed(3), 'ad.mp4',
    ],
    { cwd: dir, total: { seconds: total }, onProgress: (f) => deps.progress(0.3 + 0.68 * f), timeoutMs: 5 * 60_000 },
  ).catch(failed);

  const mp4 = await readFile(path.join(dir, 'ad.mp4'));
  deps.progress(0.99);
  return { mp4, width: size.width, height: size.height, durationSeconds: Number(total.toFixed(3)), scenes, ass, words };
}

/** A still from the video at `seconds` (the library's poster): JPEG. */
export async function posterAt(dir: string, seconds: number): Promise<Buffer> {
  await runFfmpeg(['-ss', seconds.toFixed(2), '-i', 'ad.mp4', '-frames:v', '1', '-q:v', '3', 'poster.jpg'], { cwd: dir, timeoutMs: 30_000 }).catch(failed);
  return readFile(path.join(dir, 'poster.jpg'));
}
