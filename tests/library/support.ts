/**
 * Library fixtures: finished content rows written as the worker's complete_job would leave them
 * (superuser insert, so a test can choose dates, sizes and credits), with real bytes in storage
 * when asked.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { serviceClient } from '../helpers/clients.js';

export interface ContentFixture {
  content_type?: string;
  product_name?: string;
  bytes?: number;
  credits_used?: number;
  created_at?: string;
  status?: string;
  /** Upload real bytes for the row (default true). */
  withFile?: boolean;
}

export interface CreatedContent {
  id: string;
  bucket: string;
  storage_path: string;
  product_name: string;
}

const FOLDERS: Record<string, { bucket: string; folder: string; ext: string; mime: string }> = {
  lightbox: { bucket: 'processed', folder: 'Lightbox/images', ext: 'png', mime: 'image/png' },
  refine_image: { bucket: 'processed', folder: 'Refined-Images', ext: 'png', mime: 'image/png' },
  '360_video': { bucket: 'videos', folder: '360 Spin', ext: 'mp4', mime: 'video/mp4' },
  ugc_video: { bucket: 'videos', folder: 'UGC', ext: 'mp4', mime: 'video/mp4' },
  facebook_ad: { bucket: 'processed', folder: 'facebook_ad', ext: 'png', mime: 'image/png' },
  uploaded_image: { bucket: 'processed', folder: 'uploads', ext: 'png', mime: 'image/png' },
};

/** A 1×1 PNG: enough bytes for storage to hold and the renderer to read. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export async function createContent(su: pg.Client, userId: string, fixture: ContentFixture = {}): Promise<CreatedContent> {
  const type = fixture.content_type ?? 'lightbox';
  const where = FOLDERS[type]!;
  const id = randomUUID();
  const storagePath = `${userId}/${where.folder}/${id}.${where.ext}`;
  const name = fixture.product_name ?? `Item ${id.slice(0, 6)}`;
  if (fixture.withFile ?? true) {
    const { error } = await serviceClient().storage.from(where.bucket).upload(storagePath, TINY_PNG, { contentType: where.ext === 'mp4' ? 'video/mp4' : 'image/png' });
    if (error) throw new Error(`upload ${storagePath}: ${error.message}`);
  }
  await su.query(
    `insert into public.content_generations (id, user_id, content_type, product_name, status, bucket, storage_path, mime_type, bytes, credits_used, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, coalesce($11::timestamptz, now()))`,
    [id, userId, type, name, fixture.status ?? 'completed', where.bucket, storagePath, where.mime, fixture.bytes ?? TINY_PNG.byteLength, fixture.credits_used ?? 1, fixture.created_at ?? null],
  );
  return { id, bucket: where.bucket, storage_path: storagePath, product_name: name };
}

export async function objectExists(bucket: string, path: string): Promise<boolean> {
  const folder = path.slice(0, path.lastIndexOf('/'));
  const file = path.slice(path.lastIndexOf('/') + 1);
  const { data } = await serviceClient().storage.from(bucket).list(folder, { search: file });
  return (data ?? []).some((o) => o.name === file);
}
