import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { createJwt } from '@shotcraft/devstack/src/core/jwt.ts';
import type { RunningDevstack } from '@shotcraft/devstack/src/index.ts';

export type RestThroughput = {
  clients: number;
  duration_s: number;
  selects: number;
  selects_per_s: number;
  errors: number;
  p50_ms: number;
  p95_ms: number;
};

const CLIENTS = 4;
const ROWS_PER_USER = 200;

/** Reason the REST figure cannot be taken, or null when /rest/v1 answers. */
export async function restUnavailable(devstack: RunningDevstack): Promise<string | null> {
  const res = await fetch(`${devstack.status.api_url}/rest/v1/`, { headers: { apikey: devstack.status.anon_key } });
  const body = await res.text();
  return res.status === 404 && body.includes('no Route matched') ? 'the rest service (/rest/v1) is not mounted' : null;
}

/**
 * Authenticated selects per second with RLS on: 4 users, each a supabase-js client with its own
 * access token, reading their own rows from a table that also holds everybody else's.
 */
export async function restThroughput(devstack: RunningDevstack, seconds: number): Promise<RestThroughput> {
  const { status, config } = devstack;
  const users = Array.from({ length: CLIENTS }, () => randomUUID());
  const db = new pg.Client({ connectionString: status.db_url });
  await db.connect();
  try {
    const { rows } = await db.query(`select to_regprocedure('auth.uid()') is not null as has_auth`);
    // Before the auth service exists, read the same claim auth.uid() reads.
    const uid = rows[0].has_auth ? 'auth.uid()' : `(current_setting('request.jwt.claims', true)::jsonb ->> 'sub')::uuid`;
    await db.query(`
      drop table if exists public.bench_notes;
      create table public.bench_notes (id bigint generated always as identity primary key, user_id uuid not null, body text not null);
      create index on public.bench_notes (user_id);
      alter table public.bench_notes enable row level security;
      create policy "bench_notes select own" on public.bench_notes for select to authenticated using (user_id = (select ${uid}));
      notify pgrst, 'reload schema';`);
    await db.query(
      `insert into public.bench_notes (user_id, body) select u, 'note ' || g from unnest($1::uuid[]) u, generate_series(1, $2) g`,
      [users, ROWS_PER_USER],
    );
  } finally {
    await db.end();
  }

  const jwt = createJwt(config.jwtSecret);
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const clients = await Promise.all(
    users.map(async (sub) => {
      const token = await jwt.sign({ role: 'authenticated', aud: 'authenticated', sub, exp });
      return {
        sub,
        client: createClient(status.api_url, status.anon_key, {
          auth: { persistSession: false, autoRefreshToken: false },
          // Node 20 has no global WebSocket, which realtime-js needs to construct a client.
          realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
          global: { headers: { Authorization: `Bearer ${token}` } },
        }),
      };
    }),
  );

  // RLS sanity check before timing: a user sees exactly their own rows.
  for (const { sub, client } of clients) {
    const { data, error } = await client.from('bench_notes').select('user_id');
    if (error) throw new Error(`REST select failed: ${error.message}`);
    if (data.length !== ROWS_PER_USER || data.some((r) => r.user_id !== sub)) throw new Error('RLS let a user see other rows');
  }

  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    clients.map(async ({ client }) => {
      while (performance.now() < until) {
        const t = performance.now();
        const { error } = await client.from('bench_notes').select('id, body').order('id').limit(20);
        if (error) errors++;
        else latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.floor(q * (latencies.length - 1))] * 100) / 100;
  return {
    clients: CLIENTS,
    duration_s: seconds,
    selects: latencies.length,
    selects_per_s: Math.round(latencies.length / seconds),
    errors,
    p50_ms: at(0.5),
    p95_ms: at(0.95),
  };
}
