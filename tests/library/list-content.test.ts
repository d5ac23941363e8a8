/**
 * list_content: the library's one listing. It returns only the caller's finished items, and its
 * filter, search, sort, paging and counts agree with what is stored.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortContent } from '../../src/features/library/lib/sort-content.js';
import type { ContentItem, ContentSort } from '../../src/features/library/types.js';
import { anonClient, pgClient } from '../helpers/clients.js';
import { newActor, type Actor } from '../data/support.js';
import { createContent } from './support.js';

interface Row { id: string; content_type: string; product_name: string; bytes: number; credits_used: number; created_at: string }
interface Listing { items: Row[]; counts: Record<string, number> | null; next_cursor: { k: unknown; id: string } | null }

let su: pg.Client;
let me: Actor;
let other: Actor;
const mine: string[] = [];

const list = async (db: SupabaseClient, args: Record<string, unknown> = {}) => {
  const { data, error } = await db.rpc('list_content', args);
  if (error) throw new Error(`${error.message} (${error.details})`);
  return data as Listing;
};

/** Every page, following next_cursor. */
async function listAll(db: SupabaseClient, args: Record<string, unknown>): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: unknown = null;
  for (let i = 0; i < 50; i++) {
    const page = await list(db, { ...args, page_size: 2, cursor });
    rows.push(...page.items);
    if (!page.next_cursor) return rows;
    cursor = page.next_cursor;
  }
  throw new Error('paging did not end');
}

const asItem = (r: Row): ContentItem => ({
  id: r.id, name: r.product_name, type: r.content_type as ContentItem['type'], kind: 'image', createdAt: r.created_at,
  sizeBytes: r.bytes, creditsUsed: r.credits_used, mimeType: null, storagePath: '',
});

beforeAll(async () => {
  su = await pgClient();
  me = await newActor();
  other = await newActor();
  const fixtures = [
    { content_type: 'lightbox', product_name: 'Ceramic Mug - White Studio', bytes: 420_000, credits_used: 1, created_at: '2026-11-01T10:00:00Z' },
    { content_type: 'lightbox', product_name: 'Leather Wallet', bytes: 900_000, credits_used: 1, created_at: '2026-11-03T10:00:00Z' },
    { content_type: 'refine_image', product_name: 'Refined Image - Mug Color Correction', bytes: 120_000, credits_used: 3, created_at: '2026-11-02T10:00:00Z' },
    { content_type: '360_video', product_name: 'Sneaker Spin', bytes: 2_400_000, credits_used: 5, created_at: '2026-11-05T10:00:00Z' },
    { content_type: 'ugc_video', product_name: 'Serum 100% UGC Ad', bytes: 3_100_000, credits_used: 5, created_at: '2026-11-04T10:00:00Z' },
  ];
  for (const f of fixtures) mine.push((await createContent(su, me.id, { ...f, withFile: false })).id);
  // Not for the library: still processing, failed, and a type the library does not show.
  await createContent(su, me.id, { status: 'processing', product_name: 'Mug in progress', withFile: false });
  await createContent(su, me.id, { status: 'failed', product_name: 'Mug failed', withFile: false });
  await createContent(su, me.id, { content_type: 'uploaded_image', product_name: 'Mug upload', withFile: false });
  await createContent(su, other.id, { product_name: 'Ceramic Mug - Other User', withFile: false });
});
afterAll(async () => {
  await su.end();
});

describe('list_content', () => {
  it("never returns another user's items", async () => {
    const page = await list(me.db, { page_size: 200 });
    expect(page.items.map((r) => r.id).sort()).toEqual([...mine].sort());
    const theirs = await list(other.db, { search: 'mug' });
    expect(theirs.items.map((r) => r.product_name)).toEqual(['Ceramic Mug - Other User']);
    expect(theirs.counts?.all).toBe(1);
  });

  it('refuses callers who are not signed in', async () => {
    const { error } = await anonClient().rpc('list_content', {});
    expect(error).not.toBeNull();
  });

  it('hides processing and failed items and unknown content types, and counts only what it shows', async () => {
    const page = await list(me.db);
    expect(page.counts).toEqual({ all: 5, lightbox: 2, refine_image: 1, '360_video': 1, ugc_video: 1, facebook_ad: 0 });
  });

  it('filters by type', async () => {
    const page = await list(me.db, { content_type: 'lightbox' });
    expect(page.items.map((r) => r.content_type)).toEqual(['lightbox', 'lightbox']);
    expect(page.counts?.all).toBe(5);
  });

  it('searches names case-insensitively and counts the matches per type', async () => {
    const page = await list(me.db, { search: 'MUG' });
    expect(page.items.map((r) => r.product_name).sort()).toEqual(['Ceramic Mug - White Studio', 'Refined Image - Mug Color Correction']);
    expect(page.counts).toMatchObject({ all: 2, lightbox: 1, refine_image: 1, ugc_video: 0 });
  });

  it('treats % and _ in a search as text, not wildcards', async () => {
    expect((await list(me.db, { search: '100%' })).items.map((r) => r.product_name)).toEqual(['Serum 100% UGC Ad']);
    expect((await list(me.db, { search: '%' })).items).toHaveLength(1);
    expect((await list(me.db, { search: '_' })).items).toHaveLength(0);
  });

  it.each<ContentSort>([
    { key: 'date', direction: 'desc' },
    { key: 'date', direction: 'asc' },
    { key: 'name', direction: 'asc' },
    { key: 'name', direction: 'desc' },
    { key: 'size', direction: 'asc' },
    { key: 'size', direction: 'desc' },
    { key: 'credits', direction: 'asc' },
    { key: 'credits', direction: 'desc' },
  ])('sorts by $key $direction across pages exactly as the client comparator does', async (sort) => {
    const rows = await listAll(me.db, { sort: sort.key, direction: sort.direction });
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r.id)).toEqual(sortContent(rows.map(asItem), sort).map((i) => i.id));
  });

  it('carries the counts on the first page only', async () => {
    const first = await list(me.db, { page_size: 2 });
    const second = await list(me.db, { page_size: 2, cursor: first.next_cursor });
    expect(first.counts?.all).toBe(5);
    expect(second.counts).toBeNull();
  });

  it('rejects an unknown sort, direction or content type with a clear error', async () => {
    for (const args of [{ sort: 'price' }, { direction: 'sideways' }, { content_type: 'uploaded_image' }, { page_size: 0 }]) {
      const { error } = await me.db.rpc('list_content', args);
      expect(error?.message).toMatch(/Unknown|must be between/);
    }
  });
});
