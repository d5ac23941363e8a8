/**
 * Gives a fresh install a living landing carousel: renders the demo product videos (once, cached)
 * and uploads them with their posters to the public `carousel` bucket when that bucket is empty.
 * Goes through the devstack's own Storage HTTP API with the service role, like any admin tool.
 * Never fails the devstack: a missing ffmpeg or any error becomes one log line.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findMediaTools } from '../../../worker/src/video/binaries.js';
import type { DevstackConfig } from '../core/types.js';
import { renderPoster, renderVideo } from './render.js';
import { FRAME, SCENES, type Scene } from './scenes.js';

/** Bump when the scenes or encoding change, so old caches are not reused. */
const CACHE_VERSION = 'v1';
const BUCKET = 'carousel';
/** A fixed stamp keeps the object names stable (and shows off the app's timestamp-prefix stripping). */
const STAMP = 1763769600000;

export const demoFileName = (scene: Scene, ext: 'mp4' | 'jpg') => `${STAMP}_${scene.slug}.${ext}`;

/**
 * Cache outside the data folder: `--reset` (and every e2e run) wipes that folder, and rendering
 * is the only slow part. node_modules/.cache is the usual, git-ignored home for such artefacts.
 */
export function demoMediaCacheDir(config: DevstackConfig): string {
  return path.join(config.rootDir, 'node_modules', '.cache', 'shotcraft-demo-media', CACHE_VERSION);
}

/** Renders what the cache lacks, two scenes at a time (sharp and x264 each keep a core busy). */
async function ensureRendered(dir: string, ffmpeg: string, log: (m: string) => void): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const missing = SCENES.filter((s) => !existsSync(path.join(dir, demoFileName(s, 'mp4'))) || !existsSync(path.join(dir, demoFileName(s, 'jpg'))));
  if (missing.length === 0) return;
  const started = performance.now();
  log(`rendering ${missing.length} demo video(s) (${FRAME.width}×${FRAME.height}, ${FRAME.seconds} s) into ${dir}`);
  const queue = [...missing];
  const worker = async () => {
    for (let scene = queue.shift(); scene; scene = queue.shift()) {
      await renderPoster(scene, path.join(dir, demoFileName(scene, 'jpg')));
      await renderVideo(scene, path.join(dir, demoFileName(scene, 'mp4')), ffmpeg);
    }
  };
  await Promise.all([worker(), worker()]);
  log(`rendered demo videos in ${Math.round(performance.now() - started)} ms`);
}

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
    const ffmpeg = findMediaTools()?.ffmpeg;
    if (!ffmpeg) {
      log('ffmpeg not found (npm install ships it, or set FFMPEG_PATH): the carousel bucket stays empty, the landing page shows its empty state');
      return;
    }
    const dir = demoMediaCacheDir(config);
    await ensureRendered(dir, ffmpeg, log);
    // Posters first, then videos, oldest scene first, so "newest first" shows SCENES in order.
    for (const scene of [...SCENES].reverse()) {
      await upload(config, path.join(dir, demoFileName(scene, 'jpg')), demoFileName(scene, 'jpg'), 'image/jpeg');
      await upload(config, path.join(dir, demoFileName(scene, 'mp4')), demoFileName(scene, 'mp4'), 'video/mp4');
    }
    log(`seeded the ${BUCKET} bucket with ${SCENES.length} demo videos`);
  } catch (err) {
    log(`could not seed the ${BUCKET} bucket with demo videos: ${(err as Error).message}`);
  }
}
