import { mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SPIN_LIMITS } from '@shotcraft/shared/jobs/studios/spin360.ts';
import { WorkerError } from '../../http/errors.js';
import { readPhotoFolder, type FolderPhoto } from '../../jobs/photo-folder.js';
import { readHead } from '../../image/validate.js';
import type { ClaimedJob } from '../../jobs/job.js';
import { downloadSource } from '../../storage.js';
import type { RunTools, SourceLimits, SourceReader } from '../../jobs/studio.js';
import { probeMedia, type Probe } from '../../video/ffmpeg.js';
import { sniffVideo } from '../../video/sniff.js';

export type SpinPhoto = FolderPhoto;

export type SpinSource =
  | { kind: 'frames'; dir: string; photos: SpinPhoto[] }
  | { kind: 'video'; dir: string; file: string; probe: Probe; durationSeconds: number };

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
      if (!job.source_path.endsWith('/')) return await readVideo(service, job.source_path, dir);
      const photos = await readPhotoFolder(service, job.source_path, dir, limits, tools, {
        min: SPIN_LIMITS.minFrames,
        max: SPIN_LIMITS.maxFrames,
        maxTotalBytes: SPIN_LIMITS.maxSequenceBytes,
        sameOrientation: true,
        subject: 'A spin',
        progressShare: 0.1,
      });
      return { kind: 'frames', dir, photos };
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      throw err;
    }
  },
  async release(source) {
    await rm(source.dir, { recursive: true, force: true });
  },
};
