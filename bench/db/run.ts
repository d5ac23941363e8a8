import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { startDevstack, type RunningDevstack } from '@shotcraft/devstack/src/index.ts';
import { freePorts } from '../../tests/helpers/ports.js';

/**
 * `npx tsx bench/db/run.ts` prints JSON:
 * - dataset: rows loaded (≈1M image_jobs + videos + credit_ledger across 1,000 users, 100k jobs
 *   for one target user whose ledger sums to their balance).
 * - dashboard_stats / credit_summary: latency through supabase-js as the target user (median, p95
 *   over RUNS calls) and the SQL alone as measured inside Postgres, plus each inner query of
 *   dashboard_stats (EXPLAIN ANALYZE) so a slow one points at its index.
 * - start_job: calls/s with 4 concurrent clients for BENCH_SECONDS (4 users; then 1 user, where
 *   the profile row lock serialises the debits).
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const SECONDS = Math.min(10, Number(process.env.BENCH_SECONDS ?? 5));
const USERS = 1000;
const TARGET_IMAGES = 60_000;
const TARGET_VIDEOS = 40_000;
const OTHER_IMAGES = 290_000;
const OTHER_VIDEOS = 110_000;
const BUDGET_MS = 100;

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
};
const round = (n: number) => Math.round(n * 100) / 100;
function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { runs: s.length, median_ms: round(at(0.5)), p95_ms: round(at(0.95)), min_ms: round(s[0]) };
}

async function newUser(ds: RunningDevstack, email: string, credits: number, db: pg.Client): Promise<{ id: string; client: SupabaseClient }> {
  const admin = createClient(ds.status.api_url, ds.status.service_role_key, clientOptions);
  const password = 'Bench-pass-2026';
  const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (error || !data.user) throw new Error(`createUser: ${error?.message}`);
  if (credits !== 5) await db.query(`select private.apply_credit_delta($1, $2, 'adjustment')`, [data.user.id, credits - 5]);
  const client = createClient(ds.status.api_url, ds.status.anon_key, clientOptions);
  const signed = await client.auth.signInWithPassword({ email, password });
  if (signed.error) throw new Error(`signIn: ${signed.error.message}`);
  return { id: data.user.id, client };
}

/** Bulk data, one transaction; realtime and other row triggers off while loading (replica role). */
async function load(db: pg.Client, target: string): Promise<Record<string, number>> {
  await db.query('begin');
  await db.query(`
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
      raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token, email_change_token_new, email_change)
    select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
      'bench-' || g || '@example.com', '', now(), '{"provider":"email"}', '{}', now(), now(), '', '', '', ''
    from generate_series(1, $1) g`, [USERS - 1]); // the sign-up trigger makes profiles and grants
  await db.query('create temp table bench_users on commit drop as select user_id, row_number() over () - 1 as n from public.profiles where user_id <> $1', [target]);
  await db.query(`set local session_replication_role = replica`);
  const studios = {
    image_jobs: `case g % 2 when 0 then 'lightbox' else 'refine_image' end`,
    videos: `(array['spin360', 'ugc', 'competitor_ad'])[1 + g % 3]`,
  };
  const jobs = (table: 'image_jobs' | 'videos', forTarget: boolean, count: number) => db.query(`
    insert into public.${table} (user_id, studio, ${table === 'videos' ? 'style, ' : ''}title, credits_charged, status, created_at, completed_at, expires_at)
    select ${forTarget ? '$1::uuid' : 'u.user_id'}, s.studio,
      ${table === 'videos' ? `case s.studio when 'spin360' then '360_video' when 'ugc' then 'ugc_video' else 'facebook_ad' end,` : ''}
      'Bench job ' || g, p.credits, case when g % 7 = 0 then 'failed' else 'completed' end,
      ts.t, ts.t + interval '1 minute', ts.t + interval '15 minutes'
    from generate_series(1, ${count}) g
    cross join lateral (select now() - interval '1 hour' - (g % 525600) * interval '1 minute' as t) ts
    cross join lateral (select ${studios[table]} as studio) s
    join public.studio_prices p on p.studio = s.studio and p.preset = 'default'
    ${forTarget ? '' : `join bench_users u on u.n = g % ${USERS - 1}`}`, forTarget ? [target] : []);
  await jobs('image_jobs', true, TARGET_IMAGES);
  await jobs('videos', true, TARGET_VIDEOS);
  await jobs('image_jobs', false, OTHER_IMAGES);
  await jobs('videos', false, OTHER_VIDEOS);
  await db.query(`update public.videos set views = (abs(hashtext(id::text)) % 5000), engagement = (abs(hashtext(id::text)) % 300) where status = 'completed'`);

  // The ledger: a purchase covering every debit, then a debit per job and a refund per failed job,
  // each with its running balance; then the balance set to the ledger's sum.
  await db.query(`
    create temp table bench_moves on commit drop as
    with j as (
      select id, user_id, studio, credits_charged as cost, status, created_at from public.image_jobs where title like 'Bench job %'
      union all select id, user_id, studio, credits_charged, status, created_at from public.videos where title like 'Bench job %')
    select user_id, -cost as delta, 'job_debit' as reason, studio, id as job_id, created_at from j
    union all
    select user_id, cost, 'job_refund', studio, id, created_at + interval '1 minute' from j where status = 'failed'`);
  await db.query(`
    insert into public.credit_ledger (user_id, delta, reason, balance_after, created_at)
    select p.user_id, d.debits + 100, 'purchase', p.credits + d.debits + 100, now() - interval '2 years'
    from public.profiles p join (select user_id, -sum(delta)::int as debits from bench_moves where reason = 'job_debit' group by user_id) d using (user_id)`);
  await db.query(`
    insert into public.credit_ledger (user_id, delta, reason, studio, job_id, balance_after, created_at)
    select m.user_id, m.delta, m.reason, m.studio, m.job_id,
      b.base + sum(m.delta) over (partition by m.user_id order by m.created_at, m.job_id, m.reason rows unbounded preceding),
      m.created_at
    from bench_moves m
    join (select user_id, sum(delta)::int as base from public.credit_ledger group by user_id) b using (user_id)
    order by m.created_at`);
  await db.query(`update public.profiles p set credits = s.total from (select user_id, sum(delta)::int as total from public.credit_ledger group by user_id) s where s.user_id = p.user_id`);
  await db.query(`set local session_replication_role = origin`);
  await db.query('commit');
  await db.query('vacuum analyze public.profiles, public.image_jobs, public.videos, public.credit_ledger');

  const { rows } = await db.query(`select
    (select count(*) from public.image_jobs)::int as image_jobs, (select count(*) from public.videos)::int as videos,
    (select count(*) from public.credit_ledger)::int as credit_ledger, (select count(*) from public.profiles)::int as users,
    ((select count(*) from public.image_jobs where user_id = $1) + (select count(*) from public.videos where user_id = $1))::int as target_jobs,
    (select credits from public.profiles where user_id = $1) as target_credits,
    (select sum(delta) from public.credit_ledger where user_id = $1)::int as target_ledger_sum,
    (select count(*) from public.profiles p where credits <> (select coalesce(sum(delta), 0) from public.credit_ledger l where l.user_id = p.user_id))::int as users_off_ledger`, [target]);
  return rows[0];
}

async function timeRpc(client: SupabaseClient, fn: string) {
  for (let i = 0; i < 3; i++) await client.rpc(fn);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const { error } = await client.rpc(fn);
    samples.push(performance.now() - t);
    if (error) throw new Error(`${fn}: ${error.message}`);
  }
  return stats(samples);
}

/** The function alone, inside Postgres, as the target user (no HTTP, no JSON). */
async function timeSql(db: pg.Client, target: string, fn: string) {
  const claims = JSON.stringify({ sub: target, role: 'authenticated' });
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    await db.query('begin');
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
    await db.query('set local role authenticated');
    const { rows } = await db.query(`explain (analyze, format json) select public.${fn}()`);
    await db.query('rollback');
    if (i >= 3) samples.push(rows[0]['QUERY PLAN'][0]['Execution Time']);
  }
  return stats(samples);
}

/** Each statement of dashboard_stats and credit_summary, with its plan's top node. */
async function innerQueries(db: pg.Client, target: string) {
  const queries: Record<string, string> = {
    images_completed: `select count(*) filter (where studio = 'lightbox'), count(*) filter (where studio = 'refine_image') from public.image_jobs where user_id = $1 and status = 'completed'`,
    videos_completed: `select count(*), sum(views), sum(engagement) from public.videos where user_id = $1 and status = 'completed'`,
    credits_used: `select -sum(delta) from public.credit_ledger where user_id = $1 and reason in ('job_debit', 'job_refund')`,
    used_per_studio: `select studio, -sum(delta) from public.credit_ledger where user_id = $1 and reason in ('job_debit', 'job_refund') and studio is not null group by studio`,
    recent_activity: `select * from ((select id, created_at from public.image_jobs where user_id = $1 order by created_at desc limit 5) union all (select id, created_at from public.videos where user_id = $1 order by created_at desc limit 5)) a order by created_at desc`,
  };
  const out: Record<string, { ms: number; plan: string }> = {};
  for (const [name, sql] of Object.entries(queries)) {
    const ms: number[] = [];
    let plan = '';
    for (let i = 0; i < 5; i++) {
      const { rows } = await db.query(`explain (analyze, format json) ${sql}`, [target]);
      const top = rows[0]['QUERY PLAN'][0];
      ms.push(top['Execution Time']);
      const node = (p: { 'Node Type': string; 'Index Name'?: string; Plans?: unknown[] }): string =>
        p['Index Name'] ? `${p['Node Type']} using ${p['Index Name']}` : p.Plans?.length ? node(p.Plans[0] as typeof p) : p['Node Type'];
      plan = node(top.Plan);
    }
    out[name] = { ms: stats(ms).median_ms, plan };
  }
  return out;
}

async function startJobThroughput(clients: SupabaseClient[]) {
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(clients.map(async (client) => {
    while (performance.now() < until) {
      const t = performance.now();
      const { error } = await client.rpc('start_job', { studio: 'lightbox', options: { title: 'bench' } });
      latencies.push(performance.now() - t);
      if (error) errors++;
      else ok++;
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  const l = stats(latencies);
  return { clients: clients.length, duration_s: round(elapsed), calls: ok, errors, calls_per_s: round(ok / elapsed), p50_ms: l.median_ms, p95_ms: l.p95_ms };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'db-bench-'));
chmodSync(dataDir, 0o755); // postgres runs as the `postgres` user when we are root
const [apiPort, dbPort, inboxPort, stripePort, platformsPort] = await freePorts(5);
const devstack = await startDevstack({ quiet: true, reset: true, config: { dataDir, apiPort, dbPort, inboxPort, stripePort, platformsPort } });
const db = new pg.Client({ connectionString: devstack.status.db_url });
try {
  await db.connect();
  const target = await newUser(devstack, 'bench-target@example.com', 5, db);
  const loadStarted = performance.now();
  const dataset = await load(db, target.id);
  const loadMs = Math.round(performance.now() - loadStarted);

  const dashboard = { api: await timeRpc(target.client, 'dashboard_stats'), sql: await timeSql(db, target.id, 'dashboard_stats') };
  const summary = { api: await timeRpc(target.client, 'credit_summary'), sql: await timeSql(db, target.id, 'credit_summary') };
  const inner = await innerQueries(db, target.id);
  const { data: check } = await target.client.rpc('dashboard_stats');

  // Not in the migrations: what a covering index on the ledger would buy (same data, same calls).
  await db.query(`create index bench_ledger_user_reason_studio_idx on public.credit_ledger (user_id, reason, studio) include (delta)`);
  await db.query('vacuum analyze public.credit_ledger');
  const withLedgerIndex = {
    index: 'credit_ledger (user_id, reason, studio) include (delta)',
    dashboard_stats_sql: await timeSql(db, target.id, 'dashboard_stats'),
    credit_summary_sql: await timeSql(db, target.id, 'credit_summary'),
    inner_queries: await innerQueries(db, target.id),
  };
  await db.query('drop index public.bench_ledger_user_reason_studio_idx');

  const workers: { id: string; client: SupabaseClient }[] = [];
  for (const i of [1, 2, 3, 4]) workers.push(await newUser(devstack, `bench-worker-${i}@example.com`, 1_000_000, db));
  const fourUsers = await startJobThroughput(workers.map((w) => w.client));
  const oneUser = await startJobThroughput([0, 1, 2, 3].map(() => workers[0].client));
  const { rows: off } = await db.query(
    `select count(*)::int as n from public.profiles p where credits <> (select coalesce(sum(delta), 0) from public.credit_ledger l where l.user_id = p.user_id)`);

  console.log(JSON.stringify({
    dataset: { ...dataset, load_ms: loadMs },
    dashboard_stats: { ...dashboard, total_generations: check?.total_generations, within_budget_ms: BUDGET_MS, ok: dashboard.sql.p95_ms <= BUDGET_MS },
    credit_summary: summary,
    inner_queries: inner,
    with_candidate_index: withLedgerIndex,
    start_job: { four_users: fourUsers, one_user_four_clients: oneUser },
    invariant_users_off_ledger_after_run: off[0].n,
    machine: { cpus: os.cpus().length, load_avg_1m: round(os.loadavg()[0]), node: process.version, platform: `${process.platform}-${process.arch}` },
  }, null, 2));
} finally {
  await db.end().catch(() => undefined);
  await devstack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
