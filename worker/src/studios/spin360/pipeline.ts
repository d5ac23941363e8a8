import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { SPIN_LIMITS, spinFps, type SpinOptions } from '@shotcraft/shared/jobs/studios/spin360.ts';
import { WorkerError } from '../../http/errors.js';
import type { CutoutProvider } from '../../models/cutout/provider.js';
import { FfmpegError, runFfmpeg } from '../../video/ffmpeg.js';
import { analyseFrame, cropFor, exposureGains, unionBox, type UnitBox } from './framing.js';
import { mapLimit } from '../../map-limit.js';
import type { SpinSource } from './source.js';

/** The MP4's frame rate: frames are held, so a 36-photo turn plays smoothly anywhere that wants 30 fps. */
export const SPIN_VIDEO_FPS = 30;
/** The long side frames are pulled from a video at, before cropping. */
const EXTRACT_SIZE = 1600;
const ANALYSIS_SIZE = 256;

export interface SpinMedia {
  mp4: Buffer;
  loop: { buffer: Buffer; mimeType: string; ext: string };
  poster: Buffer;
  /** The viewer's frame set (JPEG), in the order the spin turns. */
  frames: Buffer[];
  video: { width: number; height: number; frames: number; durationSeconds: number };
  frameSize: { width: number; height: number };
  /** The turn's speed in the viewer and the loop: frames per second. */
  fps: number;
  /** The framing all frames got, in fractions of the source frame. */
  crop: UnitBox;
}

export interface SpinDeps {
  progress(fraction: number): void;
  /** Needed only for `background: 'white'`. */
  cutout?: () => CutoutProvider;
  /** Parallel sharp jobs (default: the CPU count). */
  concurrency?: number;
  /** How long each encode may run before ffmpeg is killed (default: runFfmpeg's 2 minutes). */
  encodeTimeoutMs?: number;
}

interface Frame {
  file: string;
  label: string;
  width: number;
  height: number;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

function ffmpegFailure(err: unknown): never {
  if (err instanceof FfmpegError) throw new WorkerError('processing_failed', 'The spin could not be encoded. Your credits were refunded; please try again.');
  throw err;
}

/** Evenly spaced frames of one turn of a turntable video, as JPEGs in `dir`. */
async function extractFrames(source: Extract<SpinSource, { kind: 'video' }>, count: number, progress: (f: number) => void): Promise<Frame[]> {
  const into = await mkdtemp(path.join(source.dir, 'extract-'));
  const pattern = path.join(into, 'video-%03d.jpg');
  const rate = count / source.durationSeconds;
  await runFfmpeg(
    [
      '-i', source.file,
      '-vf', `fps=${rate.toFixed(6)},scale=w='min(${EXTRACT_SIZE},iw)':h='min(${EXTRACT_SIZE},ih)':force_original_aspect_ratio=decrease`,
      '-frames:v', String(count), '-q:v', '3', '-an', pattern,
    ],
    { total: { frames: count }, onProgress: progress, timeoutMs: 90_000 },
  ).catch((err: unknown) => {
    if (err instanceof FfmpegError) throw new WorkerError('undecodable_media', 'The video could not be decoded. It may be damaged; export it again as MP4 (H.264) and retry.');
    throw err;
  });
  const files = (await readdir(into)).filter((f) => f.startsWith('video-')).sort();
  if (files.length < SPIN_LIMITS.minFrames) {
    throw new WorkerError('invalid_frames', `Only ${files.length} frames could be taken from the video; a spin needs at least ${SPIN_LIMITS.minFrames}.`);
  }
  return Promise.all(
    files.map(async (name, i) => {
      const file = path.join(into, name);
      const { width = 0, height = 0 } = await sharp(file).metadata();
      return { file, label: `Frame ${i + 1} of the video`, width, height };
    }),
  );
}

/**
 * Photos or a turntable video → a spin: every frame framed the same (the union of the product
 * boxes, centred, at the output aspect), exposure evened out, optionally on white (the lightbox
 * cut-out), then a looping H.264 MP4, a GIF or WebP loop, a poster and the viewer's frame set.
 */
export async function makeSpin(source: SpinSource, options: SpinOptions, deps: SpinDeps): Promise<SpinMedia> {
  const concurrency = deps.concurrency ?? os.cpus().length;
  const frames: Frame[] =
    source.kind === 'frames'
      ? source.photos.map((p) => ({ file: p.file, label: p.label, width: p.width, height: p.height }))
      : await extractFrames(source, options.video_frames, (f) => deps.progress(0.1 + 0.15 * f));
  const ordered = options.direction === 'counterclockwise' ? [...frames].reverse() : frames;

  // 1. Where the product is and how bright each frame is, on small copies.
  const analyses = await mapLimit(ordered, concurrency, async (frame) => {
    let pixels: { data: Buffer; info: sharp.OutputInfo };
    try {
      pixels = await sharp(frame.file, { failOn: 'error' })
        .rotate()
        .resize(ANALYSIS_SIZE, ANALYSIS_SIZE, { fit: 'inside' })
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw new WorkerError('undecodable_image', `${frame.label} could not be decoded. It may be damaged; export it again and retry.`);
    }
    return analyseFrame({ data: pixels.data, width: pixels.info.width, height: pixels.info.height });
  });
  deps.progress(0.3);

  const first = ordered[0]!;
  const frameAspect = first.width / first.height;
  const aspect = options.aspect === 'square' ? 1 : frameAspect;
  const crop = cropFor(unionBox(analyses.map((a) => a.product)), frameAspect, aspect);
  const gains = exposureGains(analyses.map((a) => a.luma));
  const cropPx = crop.width * first.width;
  // The viewer's frames: at most 1200 px on the long side, never blown up past the source.
  const longSide = Math.min(SPIN_LIMITS.viewerFrameSize, Math.max(cropPx, crop.height * first.height));
  const frameSize = aspect >= 1 ? { width: even(longSide), height: even(longSide / aspect) } : { width: even(longSide * aspect), height: even(longSide) };
  const cutout = options.background === 'white' ? deps.cutout?.() : undefined;
  if (options.background === 'white' && !cutout) throw new WorkerError('invalid_options', 'A white background needs the cut-out, which this worker does not have.');

  // 2. Every frame cropped the same, evened out, at the viewer's size.
  let rendered = 0;
  const outputs = await mapLimit(ordered, concurrency, async (frame, i) => {
    const scale = frameSize.width / (crop.width * frame.width);
    const scaled = { width: Math.max(1, Math.round(frame.width * scale)), height: Math.max(1, Math.round(frame.height * scale)) };
    const box = { left: Math.round(crop.left * scaled.width), top: Math.round(crop.top * scaled.height), width: frameSize.width, height: frameSize.height };
    const inside = {
      left: Math.max(0, box.left),
      top: Math.max(0, box.top),
      width: Math.min(scaled.width, box.left + box.width) - Math.max(0, box.left),
      height: Math.min(scaled.height, box.top + box.height) - Math.max(0, box.top),
    };
    const [r, g, b] = analyses[i]!.background;
    const resized = await sharp(frame.file).rotate().resize(scaled.width, scaled.height, { fit: 'fill' }).removeAlpha().toColourspace('srgb').raw().toBuffer();
    let image = sharp(resized, { raw: { width: scaled.width, height: scaled.height, channels: 3 } })
      .extract(inside)
      .extend({
        left: inside.left - box.left,
        top: inside.top - box.top,
        right: box.width - inside.width - (inside.left - box.left),
        bottom: box.height - inside.height - (inside.top - box.top),
        background: { r, g, b },
      })
      .linear(gains[i]!, 0);
    if (cutout) image = await onWhite(image, frameSize, cutout);
    const jpeg = await image.jpeg({ quality: 88, mozjpeg: false }).toBuffer();
    deps.progress(0.3 + (0.35 * ++rendered) / ordered.length);
    return jpeg;
  });

  // 3. The encodes, from the frame set on disk (a folder of this run's own: nothing else matches the pattern).
  const dir = await mkdtemp(path.join(source.dir, 'render-'));
  await Promise.all(outputs.map((jpeg, i) => sharp(jpeg).toFile(path.join(dir, `frame-${String(i).padStart(3, '0')}.jpg`))));
  const input = path.join(dir, 'frame-%03d.jpg');
  const fps = spinFps(ordered.length, options.seconds_per_turn);
  const video = { width: even(aspect >= 1 ? SPIN_LIMITS.videoSize : SPIN_LIMITS.videoSize * aspect), height: even(aspect >= 1 ? SPIN_LIMITS.videoSize / aspect : SPIN_LIMITS.videoSize) };
  const videoFrames = Math.round(SPIN_VIDEO_FPS * options.seconds_per_turn);
  const loopWidth = even(Math.min(SPIN_LIMITS.loopSize, frameSize.width));
  const loopExt = options.loop_format;
  const mp4File = path.join(dir, 'spin.mp4');
  const loopFile = path.join(dir, `spin.${loopExt}`);
  let mp4Done = 0;
  let loopDone = 0;
  const report = () => deps.progress(0.65 + 0.3 * (0.75 * mp4Done + 0.25 * loopDone));
  await Promise.all([
    runFfmpeg(
      [
        '-framerate', fps.toFixed(6), '-i', input,
        '-vf', `scale=${video.width}:${video.height}:flags=lanczos,format=yuv420p`,
        '-r', String(SPIN_VIDEO_FPS), '-frames:v', String(videoFrames),
        '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-movflags', '+faststart', '-an', mp4File,
      ],
      { total: { frames: videoFrames }, onProgress: (f) => ((mp4Done = f), report()), timeoutMs: deps.encodeTimeoutMs },
    ),
    runFfmpeg(
      loopExt === 'gif'
        ? ['-framerate', fps.toFixed(6), '-i', input, '-vf', `scale=${loopWidth}:-2:flags=lanczos,split[a][b];[a]palettegen=max_colors=200:stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=3`, '-loop', '0', loopFile]
        : ['-framerate', fps.toFixed(6), '-i', input, '-vf', `scale=${loopWidth}:-2:flags=lanczos`, '-c:v', 'libwebp', '-quality', '72', '-loop', '0', '-an', loopFile],
      { total: { frames: ordered.length }, onProgress: (f) => ((loopDone = f), report()), timeoutMs: deps.encodeTimeoutMs },
    ),
  ]).catch(ffmpegFailure);

  const [mp4, loop, poster] = await Promise.all([
    readFile(mp4File),
    readFile(loopFile),
    sharp(outputs[0]!).resize(video.width, video.height, { fit: 'fill' }).jpeg({ quality: 85 }).toBuffer(),
  ]);
  deps.progress(0.95);
  return {
    mp4,
    loop: { buffer: loop, mimeType: loopExt === 'gif' ? 'image/gif' : 'image/webp', ext: loopExt },
    poster,
    frames: outputs,
    video: { ...video, frames: videoFrames, durationSeconds: videoFrames / SPIN_VIDEO_FPS },
    frameSize,
    fps,
    crop,
  };
}

/** The product on pure white: the cut-out's mask as alpha over a white canvas. */
async function onWhite(image: sharp.Sharp, size: { width: number; height: number }, cutout: CutoutProvider): Promise<sharp.Sharp> {
  const rgb = await image.raw().toBuffer();
  const scale = Math.min(1, 1024 / Math.max(size.width, size.height));
  const small = { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
  const png = await sharp(rgb, { raw: { ...size, channels: 3 } }).resize(small.width, small.height).png().toBuffer();
  const mask = await cutout.mask({ png, ...small });
  // One band out: sharp makes three of a resized one-band image, which read as alpha would stripe the frame.
  const alpha = await sharp(mask.data, { raw: { width: mask.width, height: mask.height, channels: 1 } }).resize(size.width, size.height, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
  const rgba = await sharp(rgb, { raw: { ...size, channels: 3 } }).joinChannel(alpha, { raw: { ...size, channels: 1 } }).raw().toBuffer();
  return sharp(rgba, { raw: { ...size, channels: 4 } }).flatten({ background: '#ffffff' });
}
