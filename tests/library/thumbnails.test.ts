/**
 * Library thumbnails keep the media's shape: get-download-url renders them fitted inside
 * 480×480, never cropped to a square; an ad variation's placement is read from its metadata by its
 * owner only (the library's badge).
 */
import type pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgClient, serviceClient } from '../helpers/clients.js';
import { newActor, type Actor } from '../data/support.js';

let su: pg.Client;
let me: Actor;
let other: Actor;
beforeAll(async () => {
  su = await pgClient();
  me = await newActor();
  other = await newActor();
});
afterAll(async () => {
  await su.end();
});

/** A finished ad variation of the given size, with its file, as record_ad_variations leaves it. */
async function variation(userId: string, width: number, height: number, placement: string): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#be123c' } }).jpeg().toBuffer();
  const path = `${userId}/facebook_ad/thumbs-${width}x${height}-${Date.now()}.jpg`;
  const { error } = await serviceClient().storage.from('processed').upload(path, bytes, { contentType: 'image/jpeg' });
  if (error) throw new Error(error.message);
  const { rows } = await su.query<{ id: string }>(
    `insert into public.content_generations (user_id, content_type, product_name, status, bucket, storage_path, mime_type, bytes, width, height, credits_used, metadata)
     values ($1, 'facebook_ad', 'Fresh greens — Bold', 'completed', 'processed', $2, 'image/jpeg', $3, $4, $5, 0, $6) returning id`,
    [userId, path, bytes.byteLength, width, height, { placement, variation_of: null }],
  );
  return rows[0]!.id;
}

async function thumbnailSize(db: Actor['db'], id: string): Promise<{ width?: number; height?: number }> {
  const { data, error } = await db.functions.invoke('get-download-url', { body: { ids: [id] } });
  expect(error).toBeNull();
  const [item] = data.items as { thumbnail_url: string }[];
  const res = await fetch(item!.thumbnail_url);
  expect(res.status).toBe(200);
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
}

describe('library thumbnails', () => {
  it('keep a 9:16 story and a 4:5 feed ad in their own shape (fitted inside 480×480, not cropped)', async () => {
    const story = await variation(me.id, 1080, 1920, 'stories_reels');
    const portrait = await variation(me.id, 1080, 1350, 'feed_portrait');
    expect(await thumbnailSize(me.db, story)).toMatchObject({ width: 270, height: 480 });
    expect(await thumbnailSize(me.db, portrait)).toMatchObject({ width: 384, height: 480 });
  });

  it("give the owner an ad's placement from its metadata, and nobody else", async () => {
    const id = await variation(me.id, 1080, 1350, 'feed_portrait');
    const mine = await me.db.from('content_generations').select('id, placement:metadata->>placement').in('id', [id]);
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual([{ id, placement: 'feed_portrait' }]);
    const theirs = await other.db.from('content_generations').select('id, placement:metadata->>placement').in('id', [id]);
    expect(theirs.data).toEqual([]);
  });
});
