/**
 * delete-content and get-download-url: deletes are truthful (file and row together, per-item
 * results, foreign ids refused), and signing reports files that are missing.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgClient, serviceClient } from '../helpers/clients.js';
import { newActor } from '../data/support.js';
import { createContent, objectExists } from './support.js';

let su: pg.Client;
beforeAll(async () => {
  su = await pgClient();
});
afterAll(async () => {
  await su.end();
});

const rowExists = async (id: string) => (await su.query('select 1 from public.content_generations where id = $1', [id])).rowCount === 1;

describe('delete-content', () => {
  it('deletes the file and the row together', async () => {
    const me = await newActor();
    const item = await createContent(su, me.id, { content_type: '360_video' });
    const { data, error } = await me.db.functions.invoke('delete-content', { body: { ids: [item.id] } });
    expect(error).toBeNull();
    expect(data).toEqual({ results: [{ id: item.id, status: 'deleted', file_missing: false }] });
    expect(await rowExists(item.id)).toBe(false);
    expect(await objectExists(item.bucket, item.storage_path)).toBe(false);
  });

  it("refuses another user's item and leaves it untouched", async () => {
    const owner = await newActor();
    const intruder = await newActor();
    const item = await createContent(su, owner.id);
    const { data } = await intruder.db.functions.invoke('delete-content', { body: { ids: [item.id] } });
    expect(data).toEqual({ results: [{ id: item.id, status: 'error', code: 'not_found', error: 'Content not found' }] });
    expect(await rowExists(item.id)).toBe(true);
    expect(await objectExists(item.bucket, item.storage_path)).toBe(true);
  });

  it('reports a bulk delete where one file is already gone, and leaves a consistent list', async () => {
    const me = await newActor();
    const items = [await createContent(su, me.id), await createContent(su, me.id, { content_type: 'refine_image' }), await createContent(su, me.id)];
    await serviceClient().storage.from(items[1]!.bucket).remove([items[1]!.storage_path]);
    const { data } = await me.db.functions.invoke('delete-content', { body: { ids: items.map((i) => i.id) } });
    expect(data.results).toEqual([
      { id: items[0]!.id, status: 'deleted', file_missing: false },
      { id: items[1]!.id, status: 'deleted', file_missing: true },
      { id: items[2]!.id, status: 'deleted', file_missing: false },
    ]);
    const { data: listing } = await me.db.rpc('list_content', {});
    expect(listing).toMatchObject({ items: [], counts: { all: 0 } });
    for (const i of items) expect(await objectExists(i.bucket, i.storage_path)).toBe(false);
  });

  it('reports exactly which items of a mixed bulk delete failed', async () => {
    const me = await newActor();
    const other = await newActor();
    const ok = await createContent(su, me.id);
    const foreign = await createContent(su, other.id);
    const { data } = await me.db.functions.invoke('delete-content', { body: { ids: [ok.id, foreign.id] } });
    expect(data.results).toEqual([
      { id: ok.id, status: 'deleted', file_missing: false },
      { id: foreign.id, status: 'error', code: 'not_found', error: 'Content not found' },
    ]);
    expect(await rowExists(foreign.id)).toBe(true);
  });

  it('gives a clear error for an unknown content type and keeps the item', async () => {
    const me = await newActor();
    const item = await createContent(su, me.id, { content_type: 'uploaded_image' });
    const { data } = await me.db.functions.invoke('delete-content', { body: { ids: [item.id] } });
    expect(data.results).toEqual([{ id: item.id, status: 'error', code: 'unknown_content_type', error: 'Unknown content type: uploaded_image' }]);
    expect(await rowExists(item.id)).toBe(true);
  });

  it('refuses malformed ids with 400', async () => {
    const me = await newActor();
    const bad = await me.db.functions.invoke('delete-content', { body: { ids: ['not-a-uuid'] } });
    expect(bad.error).not.toBeNull();
    expect(bad.response?.status).toBe(400);
  });
});

describe('get-download-url', () => {
  it('signs the original and a thumbnail for own items, flags a missing file, and ignores foreign ids', async () => {
    const me = await newActor();
    const other = await newActor();
    const present = await createContent(su, me.id);
    const missing = await createContent(su, me.id, { withFile: false });
    const foreign = await createContent(su, other.id);
    const { data, error } = await me.db.functions.invoke('get-download-url', { body: { ids: [present.id, missing.id, foreign.id] } });
    expect(error).toBeNull();
    const byId = new Map((data.items as { id: string; url: string | null; thumbnail_url: string | null; missing: boolean }[]).map((i) => [i.id, i]));
    expect(byId.size).toBe(2);
    expect(byId.get(missing.id)).toMatchObject({ url: null, thumbnail_url: null, missing: true });
    const signed = byId.get(present.id)!;
    expect(signed.missing).toBe(false);
    expect(signed.thumbnail_url).toContain('/render/image/sign/');
    const original = await fetch(signed.url!);
    expect(original.status).toBe(200);
    const thumb = await fetch(signed.thumbnail_url!);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toMatch(/^image\//);
  });
});
