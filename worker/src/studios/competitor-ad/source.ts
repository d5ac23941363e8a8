import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { AD_LIMITS } from '@shotcraft/shared/jobs/studios/ads.ts';
import { WorkerError } from '../../http/errors.js';
import { parseAllowHosts } from '@shotcraft/shared/url-safety.ts';
import { safeFetch } from '../../http/safe-fetch.js';
import { sniffImageType } from '../../image/validate.js';
import type { ClaimedJob } from '../../jobs/job.js';
import { sniffVideo } from '../../video/sniff.js';
import { downloadSource } from '../../storage.js';
import type { SourceReader } from '../../jobs/studio.js';
import { runFfmpeg } from '../../video/ffmpeg.js';

/** A competitor's ad as an image to read (a video ad's frame at one second), and where it came from. */
export interface AdSource {
  dir: string;
  image: Buffer;
  origin: { kind: 'upload' | 'url'; url?: string; video: boolean };
}

/** Hosts that may be private (an internal CDN), `host:port`, comma-separated: WORKER_FETCH_ALLOW_HOSTS. */
const allowHosts = () => parseAllowHosts(process.env.WORKER_FETCH_ALLOW_HOSTS);

async function toImage(bytes: Buffer, dir: string): Promise<{ image: Buffer; video: boolean }> {
  if (sniffImageType(bytes.subarray(0, 32))) return { image: bytes, video: false };
  if (!sniffVideo(bytes.subarray(0, 16))) throw new WorkerError('unsupported_type', 'The ad is not an image (JPEG, PNG, WebP) or a video (MP4, MOV, WebM).');
  // A video ad is read from its first second, where the hook is.
  const file = path.join(dir, 'ad-video');
  await writeFile(file, bytes);
  await runFfmpeg(['-ss', '1', '-i', file, '-frames:v', '1', path.join(dir, 'frame.png')], { timeoutMs: 30_000 }).catch(() =>
    runFfmpeg(['-i', file, '-frames:v', '1', path.join(dir, 'frame.png')], { timeoutMs: 30_000 }).catch(() => {
      throw new WorkerError('undecodable_media', 'The video ad could not be read. Export it again or upload a screenshot.');
    }),
  );
  return { image: await readFile(path.join(dir, 'frame.png')), video: true };
}

export const adSourceReader: SourceReader<AdSource> = {
  async read(service: SupabaseClient, job: ClaimedJob, limits) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'shotcraft-ad-'));
    try {
      const url = typeof job.options.ad_url === 'string' && job.options.ad_url ? job.options.ad_url : null;
      if (url) {
        const fetched = await safeFetch(url, { maxBytes: AD_LIMITS.maxFetchBytes, accept: ['image/', 'video/'], allowHosts: allowHosts() });
        const { image, video } = await toImage(fetched.body, dir);
        return { dir, image, origin: { kind: 'url', url: fetched.finalUrl, video } } satisfies AdSource;
      }
      if (!job.source_path) throw new WorkerError('missing_image', 'This analysis has no ad: upload one or paste its link.');
      const source = await downloadSource(service, job.source_path, Math.max(limits.maxUploadBytes, AD_LIMITS.maxFetchBytes));
      try {
        const { image, video } = await toImage(await readFile(source.path), dir);
        return { dir, image, origin: { kind: 'upload', video } };
      } finally {
        await source.cleanup();
      }
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      throw err;
    }
  },
  release: (source) => rm(source.dir, { recursive: true, force: true }),
};
