import { open, mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { SPIN_LIMITS } from '../../../src/lib/jobs/studios/spin360.js';
import { WorkerError } from '../http/errors.js';
import { ACCEPTED_TYPES_TEXT, sniffImageType } from '../image/validate.js';
import type { ClaimedJob } from '../jobs.js';
import { downloadSource, listSources } from '../storage.js';
import type { RunTools, SourceLimits, SourceReader } from '../studios/types.js';
import { probeMedia, type Probe } from '../video/ffmpeg.js';
import { mapLimit } from './map-limit.js';

/** One photo of a sequence, on disk, with the size EXIF orientation gives it. */
export interface SpinPhoto {
  file: string;
  /** The name the user knows it by (the studio's `NNN_` order prefix removed). */
  label: string;
  width: number;
  height: number;
}

export type SpinSource =
  | { kind: 'frames'; dir: string; photos: SpinPhoto[] }
  | { kind: 'video'; dir: string; file: string; probe: Probe; durationSeconds: number };

/** The first number in a name orders a sequence (`007_IMG_0042.jpg`, `mug-12.jpg`); ties by name. */
export function sequenceOrder(a: string, b: string): number {
  const number = (name: string) => Number(/\d+/.exec(name)?.[0] ?? Number.POSITIVE_INFINITY);
  return number(a) - number(b) || a.localeCompare(b);
}

const displayName = (name: string) => name.replace(/^\d{3}_/, '');

/** Portrait, landscape or square (within 3%): every photo of a spin must agree. */
export function orientationOf(width: number, height: number): 'portrait' | 'landscape' | 'square' {
  const ratio = width / height;
  if (Math.abs(ratio - 1) <= 0.03) return 'square';
  return ratio > 1 ? 'landscape' : 'portrait';
}

async function readHead(file: string, size: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await handle.read(buffer, 0, size, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Checks one photo from its header: type by magic bytes, pixels, and its upright size. */
async function checkPhoto(file: string, label: string, maxPixels: number): Promise<SpinPhoto> {
  if (!sniffImageType(await readHead(file, 32))) {
    throw new WorkerError('unsupported_type', `${label} is not a ${ACCEPTED_TYPES_TEXT} image.`);
  }
  let meta: sharp.Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw new WorkerError('undecodable_image', `${label} could not be decoded. It may be damaged; export it again and retry.`);
  }
  const { width = 0, height = 0 } = meta;
  if (width < 1 || height < 1) throw new WorkerError('undecodable_image', `${label} could not be decoded. It may be damaged; export it again and retry.`);
  if (width * height > maxPixels) {
    throw new WorkerError('too_many_pixels', `${label} is ${width}×${height} pixels, over the ${Math.round(maxPixels / 1e6)}-megapixel limit.`);
  }
  // EXIF orientations 5–8 turn the photo a quarter: its upright size is the other way round.
  const turned = (meta.orientation ?? 1) >= 5;
  return { file, label, width: turned ? height : width, height: turned ? width : height };
}

async function readSequence(service: SupabaseClient, folder: string, dir: string, limits: SourceLimits, tools: RunTools): Promise<SpinSource> {
  const listed = (await listSources(service, folder, SPIN_LIMITS.maxFrames + 1)).sort((a, b) => sequenceOrder(a.name, b.name));
  if (listed.length < SPIN_LIMITS.minFrames || listed.length > SPIN_LIMITS.maxFrames) {
    throw new WorkerError(
      'invalid_frames',
      listed.length > SPIN_LIMITS.maxFrames
        ? `A spin takes at most ${SPIN_LIMITS.maxFrames} photos; this sequence has more. Remove some and try again.`
        : `A spin needs at least ${SPIN_LIMITS.minFrames} photos; this sequence has ${listed.length}. Add more and try again.`,
    );
  }
  const total = listed.reduce((sum, o) => sum + o.bytes, 0);
  if (total > SPIN_LIMITS.maxSequenceBytes) {
    throw new WorkerError('file_too_large', `The photos add up to ${Math.round(total / 1024 / 1024)} MB; a spin takes at most ${SPIN_LIMITS.maxSequenceBytes / 1024 / 1024} MB.`);
  }

  let done = 0;
  const photos = await mapLimit(listed, 6, async (object, index) => {
    const label = `Photo ${index + 1} (${displayName(object.name)})`;
    const source = await downloadSource(service, `${folder.replace(/\/+$/, '')}/${object.name}`, limits.maxUploadBytes, `${label} is over the ${Math.round(limits.maxUploadBytes / 1024 / 1024)} MB limit.`);
    const file = path.join(dir, `source-${String(index).padStart(3, '0')}`);
    await rename(source.path, file).catch(async () => {
      await source.cleanup();
      throw new WorkerError('backend_unavailable', 'The uploaded photos could not be read. Please try again.');
    });
    if (source.bytes === 0) throw new WorkerError('empty_file', `${label} is empty (0 bytes).`);
    const photo = await checkPhoto(file, label, limits.maxPixels);
    tools.progress((0.1 * ++done) / listed.length);
    return photo;
  });

  const first = orientationOf(photos[0]!.width, photos[0]!.height);
  const odd = photos.find((p) => orientationOf(p.width, p.height) !== first);
  if (odd) {
    throw new WorkerError('invalid_frames', `${odd.label} is ${orientationOf(odd.width, odd.height)} but the sequence starts ${first}: every photo of a spin must have the same orientation.`);
  }
  return { kind: 'frames', dir, photos };
}

/** MP4 and MOV start with an ISO box (`ftyp`, or an old QuickTime atom); WebM with EBML. */
export function sniffVideo(head: Uint8Array): 'iso' | 'webm' | null {
  const box = Buffer.from(head.subarray(4, 8)).toString('latin1');
  if (['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'].includes(box)) return 'iso';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  return null;
}

const VIDEO_CODECS = new Set(['h264', 'hevc', 'vp8', 'vp9', 'av1', 'mpeg4', 'prores', 'mjpeg']);

async function readVideo(service: SupabaseClient, sourcePath: string, dir: string): Promise<SpinSource> {
  const limitMb = SPIN_LIMITS.maxVideoBytes / 1024 / 1024;
  const source = await downloadSource(service, sourcePath, SPIN_LIMITS.maxVideoBytes, `The video is over the ${limitMb} MB limit. Trim it or export it smaller.`);
  const file = path.join(dir, 'source-video');
  await rename(source.path, file);
  if (source.bytes === 0) throw new WorkerError('empty_file', 'The video file is empty (0 bytes).');
  const container = sniffVideo(await readHead(file, 16));
  if (!container) throw new WorkerError('unsupported_type', 'Unsupported file type: the file is not an MP4, MOV or WebM video.');

  const probe = await probeMedia(file);
  const stream = probe.streams.find((s) => s.codec_type === 'video');
  const format = probe.format.format_name ?? '';
  const knownFormat = container === 'iso' ? /mov|mp4/.test(format) : /webm|matroska/.test(format);
  if (!stream || !knownFormat || !stream.width || !stream.height) {
    throw new WorkerError('undecodable_media', 'The video could not be read: it has no picture we can decode. Export it as MP4 (H.264) and retry.');
  }
  if (!VIDEO_CODECS.has(stream.codec_name ?? '')) {
    throw new WorkerError('undecodable_media', `The video's codec (${stream.codec_name ?? 'unknown'}) is not supported. Export it as MP4 (H.264) and retry.`);
  }
  const durationSeconds = Number(probe.format.duration ?? stream.duration);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    throw new WorkerError('undecodable_media', 'The video has no length we can read. Export it again and retry.');
  }
  if (durationSeconds > SPIN_LIMITS.maxVideoSeconds) {
    throw new WorkerError('video_too_long', `The video is ${Math.round(durationSeconds)} s long; a turntable video may be at most ${SPIN_LIMITS.maxVideoSeconds} s. Trim it to one turn.`);
  }
  return { kind: 'video', dir, file, probe, durationSeconds };
}

/**
 * A spin's input from raw-uploads: a folder of photos (`…/spin360/<upload>/`, the studio uploads
 * each as `NNN_<name>` in the order the user chose) or one turntable video. Everything is checked
 * before any work, and a refusal names the file.
 */
export const spinSourceReader: SourceReader<SpinSource> = {
  async read(service: SupabaseClient, job: ClaimedJob, limits: SourceLimits, tools: RunTools): Promise<SpinSource> {
    if (!job.source_path) throw new WorkerError('missing_image', 'This job has no uploaded photos or video. Upload them and start again.');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'shotcraft-spin-'));
    try {
      return job.source_path.endsWith('/') ? await readSequence(service, job.source_path, dir, limits, tools) : await readVideo(service, job.source_path, dir);
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      throw err;
    }
  },
  async release(source) {
    await rm(source.dir, { recursive: true, force: true });
  },
};
