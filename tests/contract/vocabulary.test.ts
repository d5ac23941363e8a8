/**
 * One source for each vocabulary: the shared package's job contract and vocabulary
 * (packages/shared/src) are the SPA's, the worker's and the edge functions'; SQL keeps copies in its
 * check constraints and functions, and the settings screen its labelled list of webhook events.
 * Every copy must say exactly what the contract says.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_TYPES, LIBRARY_CONTENT_TYPES, STUDIO_CONTENT_TYPE, STUDIO_JOB_TABLE, STUDIO_KEYS } from '@shotcraft/shared/jobs/contract.ts';
import { WEBHOOK_EVENTS as APP_WEBHOOK_EVENTS } from '../../src/features/settings/webhook-events.js';
import { WEBHOOK_EVENTS as FUNCTION_WEBHOOK_EVENTS } from '@shotcraft/shared/vocabulary.ts';
import { newActor } from '../data/support.js';
import { pgClient } from '../helpers/clients.js';

let su: pg.Client;
beforeAll(async () => {
  su = await pgClient();
});
afterAll(() => su?.end());

const sorted = (values: readonly string[]) => [...values].sort();

/** The values a `check (column in (...))` constraint allows, read from the catalogue. */
async function checkValues(table: string, column: string): Promise<string[]> {
  const { rows } = await su.query<{ def: string }>(
    `select pg_get_constraintdef(c.oid) as def from pg_constraint c
      where c.conrelid = $1::regclass and c.contype = 'c' and strpos(pg_get_constraintdef(c.oid), $2) > 0`,
    [`public.${table}`, `(${column} = ANY`],
  );
  expect(rows, `one check constraint on ${table}.${column}`).toHaveLength(1);
  return [...rows[0]!.def.matchAll(/'([^']+)'::text/g)].map((m) => m[1]!);
}

describe('content types', () => {
  it('the content_generations check constraint allows exactly the contract\'s content types', async () => {
    expect(sorted(await checkValues('content_generations', 'content_type'))).toEqual(sorted(CONTENT_TYPES));
  });

  it('list_content lists, filters and counts exactly the library\'s types, and refuses any other', async () => {
    const me = await newActor();
    // One finished item of every content type, uploads included.
    for (const type of CONTENT_TYPES) {
      await su.query(
        `insert into public.content_generations (user_id, content_type, product_name, status, bucket, storage_path)
         values ($1, $2, $2, 'completed', 'processed', $3)`,
        [me.id, type, `${me.id}/${type}.jpg`],
      );
    }

    const all = await me.db.rpc('list_content', {});
    expect(all.error).toBeNull();
    const { items, counts } = all.data as { items: { content_type: string }[]; counts: Record<string, number> };
    expect(sorted(items.map((i) => i.content_type))).toEqual(sorted(LIBRARY_CONTENT_TYPES));
    expect(counts).toEqual({ all: LIBRARY_CONTENT_TYPES.length, ...Object.fromEntries(LIBRARY_CONTENT_TYPES.map((t) => [t, 1])) });

    for (const type of LIBRARY_CONTENT_TYPES) {
      const one = await me.db.rpc('list_content', { content_type: type });
      expect(one.error, type).toBeNull();
      expect((one.data as { items: { content_type: string }[] }).items.map((i) => i.content_type)).toEqual([type]);
    }
    for (const type of CONTENT_TYPES.filter((t) => !(LIBRARY_CONTENT_TYPES as readonly string[]).includes(t))) {
      expect((await me.db.rpc('list_content', { content_type: type })).error?.details, type).toBe('invalid_content_type');
    }
  });
});

describe('studios', () => {
  it('studio_prices prices exactly the contract\'s studios', async () => {
    const { rows } = await su.query<{ studio: string }>('select distinct studio from public.studio_prices');
    expect(sorted(rows.map((r) => r.studio))).toEqual(sorted(STUDIO_KEYS));
  });

  it('the image_jobs and videos studio checks together allow exactly the contract\'s studios, each in its job table', async () => {
    const imageStudios = await checkValues('image_jobs', 'studio');
    const videoStudios = await checkValues('videos', 'studio');
    expect(sorted([...imageStudios, ...videoStudios])).toEqual(sorted(STUDIO_KEYS));
    expect(sorted(imageStudios)).toEqual(sorted(STUDIO_KEYS.filter((s) => STUDIO_JOB_TABLE[s] === 'image_jobs')));
    expect(sorted(videoStudios)).toEqual(sorted(STUDIO_KEYS.filter((s) => STUDIO_JOB_TABLE[s] === 'videos')));
  });

  it.each(STUDIO_KEYS)('SQL records a %s result as the contract says (content type and job table)', async (studio) => {
    const { rows } = await su.query('select private.result_content_type($1) as content_type, private.studio_job_table($1) as job_table', [studio]);
    expect(rows[0]).toEqual({ content_type: STUDIO_CONTENT_TYPE[studio], job_table: STUDIO_JOB_TABLE[studio] });
  });
});

describe('outgoing webhook events', () => {
  it('the settings screen, the webhook-endpoints function and the webhook_endpoints check name the same events', async () => {
    const app = APP_WEBHOOK_EVENTS.map((e) => e.id);
    expect(sorted(FUNCTION_WEBHOOK_EVENTS)).toEqual(sorted(app));
    const { rows } = await su.query<{ def: string }>(
      `select pg_get_constraintdef(c.oid) as def from pg_constraint c
        where c.conrelid = 'public.webhook_endpoints'::regclass and c.contype = 'c' and strpos(pg_get_constraintdef(c.oid), 'events <@') > 0`,
    );
    expect(rows).toHaveLength(1);
    expect(sorted([...rows[0]!.def.matchAll(/'([^']+)'::text/g)].map((m) => m[1]!))).toEqual(sorted(app));
  });
});
