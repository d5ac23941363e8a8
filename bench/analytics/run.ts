import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { startDevstack } from '@shotcraft/devstack/src/index.ts';
import { freePorts } from '../../tests/helpers/ports.js';

/**
 * `npx tsx bench/analytics/run.ts` starts a fresh devstack and seeds one professional user with a
 * year of analytics: 5 connected accounts × 500 posts spread over 365 days, each post with a daily
 * snapshot from its day to today (~460k rows), rolled up into social_analytics by the sync's own
 * SQL. It prints JSON:
 * - page_data_requests: the calls the Social Analytics page makes for its data over a year, all
 *   platforms (social_analytics_report, then the top posts' thumbnails), counted at the fetch
 *   layer of supabase-js (target ≤ 2);
 * - report_sql_ms: the report's execution time in Postgres as the user (EXPLAIN ANALYZE, RLS
 *   applying), min / median / max of RUNS (target ≤ 50 ms);
 * - report_roundtrip_ms: the same call through the REST API, as the page sees it.
 */
const RUNS = Number(process.env.RUNS ?? 9);
const ACCOUNTS = 5;
const POSTS_PER_ACCOUNT = 500;
const stat = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: +s[0]!.toFixed(1), median: +s[Math.floor(s.length / 2)]!.toFixed(1), max: +s[s.length - 1]!.toFixed(1) };
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-analytics-'));
chmodSync(dataDir, 0o755);
const [apiPort, dbPort, inboxPort, stripePort, platformsPort] = await freePorts(5);
const devstack = await startDevstack({ quiet: true, config: { dataDir, apiPort, dbPort, inboxPort, stripePort, platformsPort } });
const db = new pg.Client({ connectionString: devstack.status.db_url });
try {
  const { api_url, anon_key, service_role_key } = devstack.status;
  const options = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } };
  const admin = createClient(api_url, service_role_key, options);
  const email = `bench-analytics-${Date.now()}@example.com`;
  const password = `Pw-${Date.now()}-bench`;
  const { data: created, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (error || !created.user) throw new Error(`createUser: ${error?.message}`);
  const userId = created.user.id;
  await db.connect();

  const seedStarted = performance.now();
  await db.query(`update public.profiles set plan = 'professional' where user_id = $1`, [userId]);
  const platforms = ['instagram', 'facebook', 'twitter', 'tiktok', 'pinterest'].slice(0, ACCOUNTS);
  const { rows: accounts } = await db.query<{ id: string }>(
    `insert into public.social_accounts (user_id, platform, username, account_id, is_active)
     select $1, p, 'bench_' || p, 'acct-' || p, true from unnest($2::text[]) p returning id`,
    [userId, platforms],
  );
  await db.query(
    `insert into public.social_posts (user_id, social_account_id, platform, content_type, caption, status, platform_post_id, posted_at, created_at)
     select $1, a.id, a.platform, 'image', 'Bench post ' || g, 'posted', a.platform || '-' || g, now() - ((g * 365.0 / $2) || ' days')::interval, now() - ((g * 365.0 / $2) || ' days')::interval
       from public.social_accounts a, generate_series(1, $2::int) g where a.user_id = $1`,
    [userId, POSTS_PER_ACCOUNT],
  );
  // Daily snapshots: lifetime figures that grow with the post's age and level off.
  await db.query(
    `insert into public.social_post_metrics (post_id, date, user_id, social_account_id, platform, impressions, reach, likes, comments, shares, saves, video_views)
     select p.id, d::date, p.user_id, p.social_account_id, p.platform, f.imp, f.imp * 78 / 100, f.imp / 25, f.imp / 250, f.imp / 400, f.imp / 200, null
       from public.social_posts p
       cross join lateral generate_series(p.posted_at::date, current_date, interval '1 day') d
       cross join lateral (select (3000 * (1 - power(0.5, (d::date - p.posted_at::date + 1) / 2.0)))::bigint as imp) f
      where p.user_id = $1`,
    [userId],
  );
  for (const a of accounts) await db.query(`select public.social_analytics_rollup($1, current_date - 366, current_date)`, [a.id]);
  await db.query('analyze public.social_post_metrics; analyze public.social_analytics; analyze public.social_posts');
  const counts = (await db.query<{ posts: number; snapshots: number; daily: number }>(
    `select (select count(*) from public.social_posts where user_id = $1)::int as posts,
            (select count(*) from public.social_post_metrics where user_id = $1)::int as snapshots,
            (select count(*) from public.social_analytics where user_id = $1)::int as daily`,
    [userId],
  )).rows[0]!;
  const seedMs = Math.round(performance.now() - seedStarted);

  // The page's data, as the page asks for it, counting requests at the fetch layer.
  let requests = 0;
  const counting: typeof fetch = (input, init) => {
    requests++;
    return fetch(input, init);
  };
  const user = createClient(api_url, anon_key, { ...options, global: { fetch: counting } });
  const { data: session, error: signInError } = await user.auth.signInWithPassword({ email, password });
  if (signInError || !session.session) throw new Error(`signIn: ${signInError?.message}`);
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  requests = 0;
  const roundtrips: number[] = [];
  let report: { posts: { content_id: string | null }[]; daily: unknown[]; totals: Record<string, number> } | null = null;
  for (let i = 0; i <= RUNS; i++) {
    const before = requests;
    const t = performance.now();
    const { data, error: rpcError } = await user.rpc('social_analytics_report', { p_from: from, p_to: to });
    if (rpcError) throw new Error(`report: ${rpcError.message}`);
    if (i > 0) roundtrips.push(performance.now() - t);
    report = data as typeof report;
    if (i === 0 && requests - before !== 1) throw new Error('the report took more than one request');
  }
  requests = 1;
  // Then the top posts' thumbnails, one signing call.
  await user.functions.invoke('get-download-url', { body: { ids: ['00000000-0000-4000-8000-000000000000'] } });
  const pageRequests = requests;

  // The SQL alone, as the user, RLS applying.
  const sql: number[] = [];
  const claims = JSON.stringify({ sub: userId, role: 'authenticated' });
  for (let i = 0; i <= RUNS; i++) {
    await db.query('begin');
    await db.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [claims]);
    const { rows } = await db.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(`explain (analyze, format json) select public.social_analytics_report($1::date, $2::date, null)`, [from, to]);
    await db.query('rollback');
    if (i > 0) sql.push(rows[0]!['QUERY PLAN'][0]['Execution Time']);
  }

  console.log(
    JSON.stringify(
      {
        seeded: { accounts: ACCOUNTS, posts: counts.posts, post_snapshots: counts.snapshots, daily_rows: counts.daily, seed_ms: seedMs },
        range_days: 365,
        page_data_requests: pageRequests,
        report_posts: report!.posts.length,
        report_days: report!.daily.length,
        report_sql_ms: stat(sql),
        report_roundtrip_ms: stat(roundtrips),
        targets: { page_data_requests: 2, report_sql_ms: 50 },
      },
      null,
      2,
    ),
  );
} finally {
  await db.end().catch(() => undefined);
  await devstack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
