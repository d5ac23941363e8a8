import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import sharp from 'sharp';
import WebSocket from 'ws';
import { startDevstack } from '@shotcraft/devstack/src/index.ts';
import { PLATFORM_IDS } from '@shotcraft/devstack/src/platforms/catalog.ts';
import { freePorts } from '../../tests/helpers/ports.js';

/**
 * `npx tsx bench/social/run.ts` starts a fresh devstack (free ports, temporary folder), connects
 * one account on each of the five platforms' stand-ins through the real consent flow, and posts a
 * 1080×1350 JPEG to all five at once through `social-post`, RUNS times (default 7), printing JSON:
 * - post_to_all_done_ms: Post → every platform's outcome back (min / median / max; target ≤ 3 s
 *   against the local stand-ins, platforms in parallel; Instagram's container poll and TikTok's
 *   status poll are part of it);
 * - posted_per_run: how many of the five posted each run (5 expected).
 */
const RUNS = Number(process.env.RUNS ?? 7);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-social-'));
chmodSync(dataDir, 0o755);
const [apiPort, dbPort, inboxPort, stripePort, platformsPort] = await freePorts(5);
const devstack = await startDevstack({ quiet: true, config: { dataDir, apiPort, dbPort, inboxPort, stripePort, platformsPort } });
try {
  const { api_url, anon_key, service_role_key, db_url } = devstack.status;
  const options = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } };
  const admin = createClient(api_url, service_role_key, options);
  const email = `bench-social-${Date.now()}@example.com`;
  const password = `Pw-${Date.now()}-bench`;
  const { data: created, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (error || !created.user) throw new Error(`createUser: ${error?.message}`);
  const userId = created.user.id;
  const user = createClient(api_url, anon_key, options);
  const { data: session, error: signInError } = await user.auth.signInWithPassword({ email, password });
  if (signInError || !session.session) throw new Error(`signIn: ${signInError?.message}`);
  const headers = { Authorization: `Bearer ${session.session.access_token}`, apikey: anon_key, 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:5173' };
  const call = async (name: string, body: unknown) => {
    const res = await fetch(`${api_url}/functions/v1/${name}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return (await res.json()) as Record<string, unknown>;
  };

  // One account per platform: consent page → Allow → callback.
  for (const platform of PLATFORM_IDS) {
    const { url } = (await call('social-connect', { platform, return_path: '/settings?tab=accounts' })) as { url: string };
    const consent = new URL(url);
    const toCallback = await fetch(consent.origin + consent.pathname, { method: 'POST', body: new URLSearchParams({ ...Object.fromEntries(consent.searchParams), decision: 'allow' }), redirect: 'manual' });
    await (await fetch(toCallback.headers.get('location')!, { redirect: 'manual' })).body?.cancel();
  }
  const { data: accounts } = await user.from('social_accounts').select('id, platform');
  if (accounts?.length !== 5) throw new Error(`expected 5 connected accounts, got ${accounts?.length}`);

  const file = await sharp({ create: { width: 1080, height: 1350, channels: 3, background: '#c08850' } }).jpeg({ quality: 85 }).toBuffer();
  const objectPath = `${userId}/Refine Image/bench.jpg`;
  const up = await admin.storage.from('processed').upload(objectPath, file, { contentType: 'image/jpeg' });
  if (up.error) throw new Error(`upload: ${up.error.message}`);
  const db = new pg.Client({ connectionString: db_url });
  await db.connect();
  const { rows } = await db.query<{ id: string }>(
    `insert into public.content_generations (user_id, content_type, product_name, bucket, storage_path, mime_type, bytes, width, height)
     values ($1, 'refine_image', 'Bench Mug', 'processed', $2, 'image/jpeg', $3, 1080, 1350) returning id`,
    [userId, objectPath, file.length],
  );
  await db.end();

  const times: number[] = [];
  const posted: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const started = performance.now();
    const answer = (await call('social-post', { content_id: rows[0]!.id, posts: accounts.map((a) => ({ account_id: a.id, caption: `Bench run ${run} ${Date.now()} #bench` })) })) as { results?: { status: string }[]; error?: string };
    const ms = Math.round(performance.now() - started);
    if (!answer.results) throw new Error(`social-post: ${answer.error}`);
    // Run 0 warms the functions' module cache and is not counted.
    if (run === 0) continue;
    times.push(ms);
    posted.push(answer.results.filter((r) => r.status === 'posted').length);
  }
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify(
      {
        runs: RUNS,
        platforms: 5,
        post_to_all_done_ms: { min: times[0], median: times[Math.floor(times.length / 2)], max: times[times.length - 1] },
        target_ms: 3000,
        posted_per_run: posted,
      },
      null,
      2,
    ),
  );
} finally {
  await devstack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
