/**
 * One source for each vocabulary: the job contract (src/lib/jobs/contract.ts) is the SPA's and the
 * worker's; SQL and the edge functions keep copies because they deploy on their own. Every copy
 * must say exactly what the contract says.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_CONTENT_TYPES as FUNCTION_LIBRARY_TYPES, SIGNED_URL_SECONDS as FUNCTION_SIGNED_URL_SECONDS } from '../../supabase/functions/_shared/vocabulary.js';
import { CONTENT_TYPES, LIBRARY_CONTENT_TYPES, SIGNED_URL_SECONDS, STUDIO_CONTENT_TYPE, STUDIO_JOB_TABLE, STUDIO_KEYS } from '../../src/lib/jobs/contract.js';
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
      where c.conrelid = $1::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%' || $2 || '%'`,
    [`public.${table}`, `(${column} = ANY`],
  );
  expect(rows, `a check constraint on ${table}.${column}`).toHaveLength(1);
  return [...rows[0]!.def.matchAll(/'([^']+)'::text/g)].map((m) => m[1]!);
}

describe('content types', () => {
  it('the content_generations check constraint allows exactly the contract\'s content types', async () => {
    expect(sorted(await checkValues('content_generations', 'content_type'))).toEqual(sorted(CONTENT_TYPES));
  });

  it('the delete-content function deletes exactly the library\'s types', () => {
    expect(sorted(FUNCTION_LIBRARY_TYPES)).toEqual(sorted(LIBRARY_CONTENT_TYPES));
  });

  it('list_content filters and counts exactly the library\'s types, and refuses any other', async () => {
    const me = await newActor();
    const { data, error } = await me.db.rpc('list_content', {});
    expect(error).toBeNull();
    const counts = (data as { counts: Record<string, number> }).counts;
    expect(sorted(Object.keys(counts).filter((k) => k !== 'all'))).toEqual(sorted(LIBRARY_CONTENT_TYPES));
    for (const type of LIBRARY_CONTENT_TYPES) expect((await me.db.rpc('list_content', { content_type: type })).error).toBeNull();
    const other = await me.db.rpc('list_content', { content_type: 'uploaded_image' });
    expect(other.error?.details).toBe('invalid_content_type');
  });
});

describe('studios', () => {
  it('studio_prices and the job tables know exactly the contract\'s studios', async () => {
    const { rows } = await su.query<{ studio: string }>('select distinct studio from public.studio_prices');
    expect(sorted(rows.map((r) => r.studio))).toEqual(sorted(STUDIO_KEYS));
    expect(sorted([...(await checkValues('image_jobs', 'studio')), ...(await checkValues('videos', 'studio'))])).toEqual(sorted(STUDIO_KEYS));
  });

  it.each(STUDIO_KEYS)('SQL records a %s result as the contract says (content type and job table)', async (studio) => {
    const { rows } = await su.query('select private.studio_content_type($1) as content_type, private.studio_job_table($1) as job_table', [studio]);
    expect(rows[0]).toEqual({ content_type: STUDIO_CONTENT_TYPE[studio], job_table: STUDIO_JOB_TABLE[studio] });
  });
});

describe('signed URLs', () => {
  it('the edge functions sign for as long as the app and the worker do', () => {
    expect(FUNCTION_SIGNED_URL_SECONDS).toBe(SIGNED_URL_SECONDS);
  });
});
