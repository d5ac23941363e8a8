/**
 * What the client roles may execute: nothing in schema private but the helper an RLS policy calls
 * (Social Analytics' plan check), including functions added by migrations after the first
 * lock-down, and any created later.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgClient } from '../helpers/clients.js';

let su: pg.Client;
beforeAll(async () => {
  su = await pgClient();
});
afterAll(async () => {
  await su.end();
});

const POLICY_HELPERS = ['plan_allows_analytics'];

const executable = async (role: string) =>
  (
    await su.query<{ name: string }>(
      `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'private' and has_function_privilege($1, p.oid, 'execute') order by 1`,
      [role],
    )
  ).rows.map((r) => r.name);

describe('schema private', () => {
  it('lets anon and authenticated execute nothing but the helper an RLS policy calls', async () => {
    expect(await executable('anon')).toEqual([]);
    expect(await executable('authenticated')).toEqual(POLICY_HELPERS);
    const { rows } = await su.query<{ n: number }>(
      `select count(*)::int as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'private'`,
    );
    expect(rows[0]!.n).toBeGreaterThan(15);
  });

  it('starts a function created there later locked too', async () => {
    await su.query('begin');
    try {
      await su.query(`create function private.later_added() returns int language sql as 'select 1'`);
      expect(await executable('anon')).toEqual([]);
      expect(await executable('authenticated')).toEqual(POLICY_HELPERS);
    } finally {
      await su.query('rollback');
    }
  });
});
