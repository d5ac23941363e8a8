/**
 * Gives a fresh install a living landing carousel: the studios' own outputs made by
 * `scripts/make-showcase.ts` (public/showcase/*.mp4 with their .jpg posters: UGC ads and a 360°
 * spin, rendered by the worker's pipelines from the fixtures' product photos) are uploaded to the
 * public `carousel` bucket when that bucket is empty. Goes through the devstack's own Storage HTTP
 * API with the service role, like any admin tool. Never fails the devstack: any error becomes one
 * log line.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DevstackConfig } from '../core/types.js';

const BUCKET = 'carousel';
/** A fixed stamp keeps the object names stable (and shows off the app's timestamp-prefix stripping). */
const STAMP = 1763769600000;

/** The showcase videos with a poster, in name order: `{ stem, mp4, jpg }` (paths on disk). */
export function showcaseVideos(rootDir: string): { stem: string; mp4: string; jpg: string }[] {
  const dir = path.join(rootDir, 'public', 'showcase');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mp4') && existsSync(path.join(dir, f.replace(/\.mp4$/, '.jpg'))))
    .sort()
    .map((f) => {
      const stem = f.replace(/\.mp4$/, '');
      return { stem, mp4: path.join(dir, f), jpg: path.join(dir, `${stem}.jpg`) };
    });
}

/** The bucket's name for a showcase file: `<stamp>_<stem>.<ext>`. */
export const carouselName = (stem: string, ext: 'mp4' | 'jpg') => `${STAMP}_${stem}.${ext}`;

function storageHeaders(config: DevstackConfig, extra: Record<string, string> = {}) {
  return { apikey: config.serviceRoleKey, authorization: `Bearer ${config.serviceRoleKey}`, ...extra };
}

async function bucketIsEmpty(config: DevstackConfig): Promise<boolean> {
  const res = await fetch(`${config.apiUrl}/storage/v1/object/list/${BUCKET}`, {
    method: 'POST',
    headers: storageHeaders(config, { 'content-type': 'application/json' }),
    body: JSON.stringify({ prefix: '', limit: 1 }),
  });
  if (!res.ok) throw new Error(`listing the ${BUCKET} bucket answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as unknown[]).length === 0;
}

async function upload(config: DevstackConfig, file: string, name: string, contentType: string): Promise<void> {
  const res = await fetch(`${config.apiUrl}/storage/v1/object/${BUCKET}/${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: storageHeaders(config, { 'content-type': contentType, 'cache-control': 'max-age=3600', 'x-upsert': 'true' }),
    body: readFileSync(file),
  });
  if (!res.ok) throw new Error(`uploading ${name} answered ${res.status}: ${await res.text()}`);
}

/** Idempotent: does nothing when the bucket already holds anything. Never throws. */
export async function seedDemoMedia({ config, log }: { config: DevstackConfig; log: (m: string) => void }): Promise<void> {
  try {
    if (!(await bucketIsEmpty(config))) return;
    const videos = showcaseVideos(config.rootDir);
    if (videos.length === 0) {
      log('public/showcase holds no videos (npx tsx scripts/make-showcase.ts): the carousel bucket stays empty, the landing page shows its empty state');
      return;
    }
    // Posters first, then videos, last first, so "newest first" shows them in name order.
    for (const video of [...videos].reverse()) {
      await upload(config, video.jpg, carouselName(video.stem, 'jpg'), 'image/jpeg');
      await upload(config, video.mp4, carouselName(video.stem, 'mp4'), 'video/mp4');
    }
    log(`seeded the ${BUCKET} bucket with ${videos.length} showcase videos`);
  } catch (err) {
    log(`could not seed the ${BUCKET} bucket with the showcase videos: ${(err as Error).message}`);
  }
}
