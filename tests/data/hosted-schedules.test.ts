/**
 * The hosted schedules migration (20261201000100_hosted_schedules.sql): on the devstack it schedules
 * nothing; where pg_cron, pg_net and Vault exist it schedules social-publish-due every minute and
 * social-analytics-sync hourly, each call reading the project's URL and key from Vault. Checked
 * against stand-in `cron`, `net` and `vault` schemas made inside a transaction that is rolled back,
 * so nothing of them outlives the test.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgClient } from '../helpers/clients.js';
import { newActor } from './support.js';

let su: pg.Client;

beforeAll(async () => {
  su = await pgClient();
});
afterAll(async () => {
  await su.end();
});

/** The three schemas hosted Supabase has, reduced to what the migration calls, recording each call. */
const STAND_INS = `
  create schema cron;
  create table cron.jobs (name text primary key, schedule text, command text);
  create function cron.schedule(job_name text, schedule text, command text) returns bigint language sql as
    $$ insert into cron.jobs values (job_name, schedule, command) on conflict (name) do update set schedule = excluded.schedule, command = excluded.command returning 1::bigint $$;
  create schema net;
  create table net.calls (url text, body jsonb, headers jsonb, timeout_milliseconds int);
  create function net.http_post(url text, body jsonb default '{}'::jsonb, params jsonb default '{}'::jsonb, headers jsonb default '{}'::jsonb, timeout_milliseconds int default 5000) returns bigint language sql as
    $$ insert into net.calls values (url, body, headers, timeout_milliseconds) returning 42::bigint $$;
  create schema vault;
  create table vault.decrypted_secrets (name text primary key, decrypted_secret text);
`;

async function inRolledBackTransaction(work: () => Promise<void>) {
  await su.query('begin');
  try {
    await work();
  } finally {
    await su.query('rollback');
  }
}

describe('hosted schedules', () => {
  it('schedule nothing on the devstack, which has no pg_cron schema (its own timers send due posts)', async () => {
    const { rows } = await su.query(`select nspname from pg_namespace where nspname in ('cron', 'net', 'vault')`);
    expect(rows).toEqual([]);
  });

  it('where pg_cron exists: both functions on their schedules, each call with the URL and key from Vault, run again without doubling', async () => {
    await inRolledBackTransaction(async () => {
      await su.query(STAND_INS);
      await su.query('select private.schedule_hosted_jobs()');
      await su.query('select private.schedule_hosted_jobs()');
      const { rows: jobs } = await su.query('select name, schedule, command from cron.jobs order by name');
      expect(jobs).toEqual([
        { name: 'social-analytics-sync', schedule: '17 * * * *', command: "select private.call_edge_function('social-analytics-sync')" },
        { name: 'social-publish-due', schedule: '* * * * *', command: "select private.call_edge_function('social-publish-due')" },
      ]);

      // Without the secrets a run calls nothing (and warns).
      await su.query(jobs[1].command);
      expect((await su.query('select count(*)::int as n from net.calls')).rows[0].n).toBe(0);

      await su.query(`insert into vault.decrypted_secrets values ('project_url', 'https://abcdefgh.supabase.co/'), ('service_role_key', 'service-role-key-from-vault')`);
      for (const job of jobs) await su.query(job.command);
      const { rows: calls } = await su.query('select url, body, headers, timeout_milliseconds from net.calls order by url');
      expect(calls).toEqual([
        { url: 'https://abcdefgh.supabase.co/functions/v1/social-analytics-sync', body: {}, headers: { 'Content-Type': 'application/json', Authorization: 'Bearer service-role-key-from-vault' }, timeout_milliseconds: 60000 },
        { url: 'https://abcdefgh.supabase.co/functions/v1/social-publish-due', body: {}, headers: { 'Content-Type': 'application/json', Authorization: 'Bearer service-role-key-from-vault' }, timeout_milliseconds: 60000 },
      ]);
    });
  });

  it('calls no other function, and no client may call it', async () => {
    await inRolledBackTransaction(async () => {
      await su.query(STAND_INS);
      await expect(su.query(`select private.call_edge_function('stripe-webhook')`)).rejects.toThrow('is not a scheduled function');
    });
    const user = await newActor();
    const { error } = await user.db.rpc('call_edge_function' as never, { p_name: 'social-publish-due' } as never);
    expect(error).not.toBeNull();
    await su.query('begin');
    try {
      await su.query(`set local role authenticated`);
      await expect(su.query(`select private.call_edge_function('social-publish-due')`)).rejects.toThrow(/permission denied/);
    } finally {
      await su.query('rollback');
    }
  });
});
