/**
 * What the long-text spec cannot type in a few seconds: the results of the heavy studios (a 360°
 * spin, a UGC render, an ad analysis and its variations), written as complete_job and
 * record_ad_variations leave them, named with the words the user would have typed, with real
 * files in storage so every screen shows them.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import sharp from 'sharp';
import { requireMediaTools } from '@shotcraft/worker/src/video/binaries.ts';
import { e2eStatus, nodeClientOptions } from './support';

/** A one-second 9:16 H.264 clip. */
function clip(): Buffer {
  const file = path.join(os.tmpdir(), `long-text-${randomUUID()}.mp4`);
  execFileSync(requireMediaTools().ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=180x320:rate=10:duration=1',
    '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-movflags', '+faststart', file,
  ]);
  const bytes = fs.readFileSync(file);
  fs.rmSync(file, { force: true });
  return bytes;
}

/** A JPEG of the given size: a band of colour where an ad's headline would be, so cropping shows. */
const picture = (width: number, height: number) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#e0e7ff"/><rect width="100%" height="${Math.round(height / 8)}" fill="#be123c"/><rect x="20%" y="35%" width="60%" height="40%" rx="24" fill="#4338ca"/></svg>`))
    .jpeg()
    .toBuffer();

/** A report the analyzer could have written (the fields its schema asks for). */
const REPORT = {
  width: 1080, height: 1080, aspect: '1:1',
  text: { full: '', lines: [], confidence: 0, estimate: true },
  headline: null, offer: null, cta: null, price: null,
  density: { share: 0, cells: [], cellCount: 0, passes: true },
  palette: [], contrast: null,
  layout: { text: 'none', product: null, productSide: 'centre', note: '' },
  placements: [], score: 61, reasons: [],
};

/** The ad sizes, as small files of the same shapes (1:1, 4:5, 9:16). */
export const VARIATION_SIZES = [
  { placement: 'feed_square', width: 270, height: 270 },
  { placement: 'feed_portrait', width: 270, height: 338 },
  { placement: 'stories_reels', width: 270, height: 480 },
] as const;

/** The database and storage, as the worker's service role has them. */
async function connect() {
  const { api_url, service_role_key, db_url } = e2eStatus();
  const admin = createClient(api_url, service_role_key, nodeClientOptions);
  const db = new pg.Client({ connectionString: db_url });
  await db.connect();
  const upload = async (bucket: string, name: string, bytes: Buffer, type: string) => {
    const { error } = await admin.storage.from(bucket).upload(name, bytes, { contentType: type });
    if (error) throw new Error(`upload ${name}: ${error.message}`);
  };
  const job = async (userId: string, studio: string, style: string, title: string) => {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.videos (user_id, studio, style, title, status, credits_charged, credits_used, completed_at) values ($1, $2, $3, $4, 'completed', 5, 5, now()) returning id`,
      [userId, studio, style, title],
    );
    return rows[0]!.id;
  };
  const content = (userId: string, row: { jobId: string | null; type: string; productName: string; bucket: string; path: string; mime: string; bytes: number; width: number; height: number; input: object; output: object; metadata: object; credits: number }) =>
    db.query(
      `insert into public.content_generations (user_id, job_id, content_type, product_name, status, bucket, storage_path, mime_type, bytes, width, height, input_data, output_data, metadata, credits_used)
       values ($1, $2, $3, $4, 'completed', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [userId, row.jobId, row.type, row.productName, row.bucket, row.path, row.mime, row.bytes, row.width, row.height, row.input, row.output, row.metadata, row.credits],
    );
  return { db, upload, job, content };
}

/** A 360° spin and a UGC video named `name`, with their jobs (the dashboard's Recent Activity). */
export async function seedVideos(userId: string, name: string): Promise<void> {
  const { db, upload, job, content } = await connect();
  try {
    const video = clip();
    for (const [studio, style, folder, input] of [
      ['spin360', '360_video', '360 Spin', { title: name }],
      ['ugc', 'ugc_video', 'UGC', { product: { name } }],
    ] as const) {
      const jobId = await job(userId, studio, style, name);
      const file = `${userId}/${folder}/${jobId}.mp4`;
      await upload('videos', file, video, 'video/mp4');
      await content(userId, { jobId, type: style, productName: name, bucket: 'videos', path: file, mime: 'video/mp4', bytes: video.byteLength, width: 180, height: 320, input, output: {}, metadata: { duration_seconds: 1 }, credits: 5 });
    }
  } finally {
    await db.end();
  }
}

/** An ad analysis called `name` (with its job) and a variation of each size titled `variationName`. */
export async function seedAdAnalysis(userId: string, name: string, variationName = name): Promise<void> {
  const { db, upload, job, content } = await connect();
  try {
    const analysisId = await job(userId, 'competitor_ad', 'competitor_ad', name);
    const annotated = await picture(540, 540);
    const analysisFile = `${userId}/facebook_ad/${analysisId}.jpg`;
    await upload('processed', analysisFile, annotated, 'image/jpeg');
    await content(userId, { jobId: analysisId, type: 'ad_analysis', productName: `Ad analysis - ${name}`, bucket: 'processed', path: analysisFile, mime: 'image/jpeg', bytes: annotated.byteLength, width: 540, height: 540, input: { title: name }, output: { details: { report: REPORT } }, metadata: {}, credits: 10 });
    for (const [i, size] of VARIATION_SIZES.entries()) {
      const bytes = await picture(size.width, size.height);
      const file = `${userId}/facebook_ad/${analysisId}/${Date.now()}-${i}-${size.placement}.jpg`;
      await upload('processed', file, bytes, 'image/jpeg');
      await content(userId, { jobId: null, type: 'facebook_ad', productName: `${variationName} — Bold ${i + 1}`.slice(0, 200), bucket: 'processed', path: file, mime: 'image/jpeg', bytes: bytes.byteLength, width: size.width, height: size.height, input: {}, output: {}, metadata: { variation_of: analysisId, placement: size.placement, style: 'Bold', source: 'worker' }, credits: 0 });
    }
  } finally {
    await db.end();
  }
}
