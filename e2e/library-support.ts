/**
 * Library fixtures for the e2e specs: a fresh confirmed user with finished items of every kind
 * the library shows, each with real bytes in storage (sharp-drawn images, an ffmpeg-made clip),
 * written as complete_job would leave them.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import sharp from 'sharp';
import { createConfirmedUser, e2eStatus, nodeClientOptions } from './support';
import { requireMediaTools } from '@shotcraft/worker/src/video/binaries.ts';

export interface LibraryItemSpec {
  type: 'lightbox' | 'refine_image' | '360_video' | 'ugc_video';
  name: string;
  createdAt: string;
  credits: number;
}

export const LIBRARY_ITEMS: readonly LibraryItemSpec[] = [
  { type: 'lightbox', name: 'Ceramic Mug - White Studio', createdAt: '2026-11-01T10:00:00Z', credits: 1 },
  { type: 'lightbox', name: 'Leather Wallet - Soft Shadow', createdAt: '2026-11-02T10:00:00Z', credits: 1 },
  { type: 'refine_image', name: 'Refined Image - Color Correction', createdAt: '2026-11-03T10:00:00Z', credits: 2 },
  { type: '360_video', name: 'Sneaker 360° Spin', createdAt: '2026-11-04T10:00:00Z', credits: 5 },
  { type: 'ugc_video', name: 'Skincare Serum UGC Ad', createdAt: '2026-11-05T10:00:00Z', credits: 5 },
];

const WHERE = {
  lightbox: { bucket: 'processed', folder: 'Lightbox/images', ext: 'png', mime: 'image/png' },
  refine_image: { bucket: 'processed', folder: 'Refined-Images', ext: 'jpg', mime: 'image/jpeg' },
  '360_video': { bucket: 'videos', folder: '360 Spin', ext: 'mp4', mime: 'video/mp4' },
  ugc_video: { bucket: 'videos', folder: 'UGC', ext: 'mp4', mime: 'video/mp4' },
} as const;

let clip: Buffer | undefined;
/** A one-second H.264 clip (made once per worker). */
export function videoClip(): Buffer {
  if (!clip) {
    const file = path.join(os.tmpdir(), `library-e2e-${randomUUID()}.mp4`);
    execFileSync(requireMediaTools().ffmpeg, [
      '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x568:rate=15:duration=1',
      '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-movflags', '+faststart', file,
    ]);
    clip = fs.readFileSync(file);
    fs.rmSync(file, { force: true });
  }
  return clip;
}

async function imageBytes(spec: LibraryItemSpec, ext: 'png' | 'jpg'): Promise<Buffer> {
  const colour = spec.type === 'lightbox' ? '#e2e8f0' : '#fdba74';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="100%" height="100%" fill="${colour}"/><circle cx="300" cy="280" r="140" fill="#4338ca"/></svg>`;
  const img = sharp(Buffer.from(svg));
  return ext === 'png' ? img.png().toBuffer() : img.jpeg().toBuffer();
}

export interface LibraryUser {
  id: string;
  email: string;
  password: string;
  items: { id: string; name: string; type: LibraryItemSpec['type'] }[];
}

/** A new user whose library holds LIBRARY_ITEMS, with files. */
export async function createLibraryUser(items: readonly LibraryItemSpec[] = LIBRARY_ITEMS): Promise<LibraryUser> {
  const user = await createConfirmedUser(`library-${randomUUID().slice(0, 8)}@example.com`, `Pw-${randomUUID()}`);
  const { api_url, service_role_key, db_url } = e2eStatus();
  const admin = createClient(api_url, service_role_key, nodeClientOptions);
  const db = new pg.Client({ connectionString: db_url });
  await db.connect();
  try {
    const created: LibraryUser['items'] = [];
    for (const spec of items) {
      const where = WHERE[spec.type];
      const id = randomUUID();
      const storagePath = `${user.id}/${where.folder}/${id}.${where.ext}`;
      const bytes = where.ext === 'mp4' ? videoClip() : await imageBytes(spec, where.ext);
      const { error } = await admin.storage.from(where.bucket).upload(storagePath, bytes, { contentType: where.mime });
      if (error) throw new Error(`upload ${storagePath}: ${error.message}`);
      await db.query(
        `insert into public.content_generations (id, user_id, content_type, product_name, bucket, storage_path, mime_type, bytes, credits_used, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [id, user.id, spec.type, spec.name, where.bucket, storagePath, where.mime, bytes.byteLength, spec.credits, spec.createdAt],
      );
      created.push({ id, name: spec.name, type: spec.type });
    }
    return { ...user, items: created };
  } finally {
    await db.end();
  }
}

/** How many of the user's content rows are stored. */
export async function storedContentCount(userId: string): Promise<number> {
  const db = new pg.Client({ connectionString: e2eStatus().db_url });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.content_generations where user_id = $1', [userId]);
    return rows[0]!.n;
  } finally {
    await db.end();
  }
}
