import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import sharp from 'sharp';
import WebSocket from 'ws';
import { e2eEnv } from '../../e2e/env.js';
import type { E2eStatus } from '../../e2e/support.js';

/**
 * `npx tsx bench/library/run.ts` seeds 5,000 library items for one new user and prints JSON about
 * /dashboard/library in real Chromium against the e2e stack (E2E_PORT_BASE / E2E_PREVIEW_PORT;
 * started here unless one is already serving), cold cache, 1280×800:
 * - library_requests_first_page: list_content + signing requests made before the first tiles
 *   show (target ≤ 3);
 * - api_requests_before_first_tiles: every backend request by then (the shell's too);
 * - time_to_first_tiles_ms: navigation start → first tile in the DOM;
 * - dom_nodes_first_page / dom_nodes_after_scroll_to_end and tiles_in_dom_*: the page's elements
 *   and tiles in the DOM at the top and after scrolling through all 5,000 (target: bounded by the
 *   viewport, not by the library);
 * - pages_loaded / items_seen / scroll_to_end_ms: the infinite paging that got there.
 */
const ITEMS = Number(process.env.BENCH_ITEMS ?? 5000);
const statusFile = `${e2eEnv.dataDir}/status.json`;
const TYPES = [
  { type: 'lightbox', bucket: 'processed', folder: 'Lightbox/images', ext: 'png', mime: 'image/png', credits: 1 },
  { type: 'refine_image', bucket: 'processed', folder: 'Refined-Images', ext: 'png', mime: 'image/png', credits: 2 },
  { type: 'facebook_ad', bucket: 'processed', folder: 'facebook_ad', ext: 'png', mime: 'image/png', credits: 10 },
] as const;

async function reachable(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function ensureStack(): Promise<ChildProcess | undefined> {
  if ((await reachable(e2eEnv.baseURL)) && fs.existsSync(statusFile)) return undefined;
  const child = spawn('npx', ['tsx', 'scripts/e2e-server.ts'], { cwd: e2eEnv.root, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  for (let waited = 0; waited < 300_000 && child.exitCode === null; waited += 1000) {
    if ((await reachable(e2eEnv.baseURL)) && fs.existsSync(statusFile)) return child;
    await new Promise((r) => setTimeout(r, 1000));
  }
  if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  throw new Error(`the e2e stack did not start (exit code ${child.exitCode ?? 'none within 300 s'})`);
}

/** A user with ITEMS rows; the rows share a few real files (signing and thumbnails work). */
async function seed(status: E2eStatus): Promise<string> {
  const options = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } };
  const admin = createClient(status.api_url, status.service_role_key, options);
  const email = `bench-library-${randomUUID().slice(0, 8)}@example.com`;
  const password = `Pw-${randomUUID()}`;
  const { data: created, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (error || !created.user) throw new Error(`createUser: ${error?.message}`);
  const userId = created.user.id;
  const paths: string[] = [];
  for (const [i, t] of TYPES.entries()) {
    const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: ['#f97316', '#4338ca', '#0ea5e9'][i]! } }).png().toBuffer();
    const path = `${userId}/${t.folder}/bench.${t.ext}`;
    const up = await admin.storage.from(t.bucket).upload(path, png, { contentType: t.mime });
    if (up.error) throw new Error(`upload: ${up.error.message}`);
    paths.push(path);
  }
  const db = new pg.Client({ connectionString: status.db_url });
  await db.connect();
  await db.query(
    `insert into public.content_generations (user_id, content_type, product_name, bucket, storage_path, mime_type, bytes, credits_used, created_at)
     select $1, (array['lightbox','refine_image','facebook_ad'])[1 + g % 3], 'Bench item ' || g, 'processed', ($2::text[])[1 + g % 3],
            'image/png', 100000 + g * 37, (array[1, 2, 10])[1 + g % 3], now() - g * interval '1 minute'
       from generate_series(1, $3::int) g`,
    [userId, paths, ITEMS],
  );
  await db.end();
  const client = createClient(status.api_url, status.anon_key, options);
  const { data, error: signInError } = await client.auth.signInWithPassword({ email, password });
  if (signInError || !data.session) throw new Error(`sign-in: ${signInError?.message}`);
  return JSON.stringify(data.session);
}

const stack = await ensureStack();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const session = await seed(JSON.parse(fs.readFileSync(statusFile, 'utf8')) as E2eStatus);
  const context = await browser.newContext({ baseURL: e2eEnv.baseURL, viewport: { width: 1280, height: 800 } });
  await context.addInitScript((value) => localStorage.setItem('shotcraft-auth', value), session);
  const page = await context.newPage();
  const api: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (/\/(rest|functions|storage|auth)\/v1\//.test(url.pathname) && req.method() !== 'OPTIONS') api.push(url.pathname);
  });

  await page.goto('/dashboard/library');
  await page.waitForSelector('[data-testid="content-tile"]');
  const firstTilesMs = await page.evaluate(() => performance.now());
  const beforeTiles = [...api];
  const isLibraryCall = (p: string) => /\/rpc\/list_content$|\/functions\/v1\/get-download-url$|\/object\/sign\//.test(p);
  await page.waitForLoadState('networkidle');
  const domFirst = await page.evaluate(() => document.querySelectorAll('*').length);
  const tilesFirst = await page.locator('[data-testid="content-tile"]').count();

  const scrollStart = performance.now();
  let stable = 0;
  let lastHeight = 0;
  while (stable < 4) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(250);
    await page.waitForLoadState('networkidle');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    stable = height === lastHeight ? stable + 1 : 0;
    lastHeight = height;
  }
  const scrollMs = performance.now() - scrollStart;
  const domEnd = await page.evaluate(() => document.querySelectorAll('*').length);
  const tilesEnd = await page.locator('[data-testid="content-tile"]').count();
  const lastName = await page.locator('[data-testid="content-tile"] h3').last().textContent();

  console.log(
    JSON.stringify(
      {
        items: ITEMS,
        library_requests_first_page: beforeTiles.filter(isLibraryCall).length,
        api_requests_before_first_tiles: beforeTiles.length,
        time_to_first_tiles_ms: Math.round(firstTilesMs),
        dom_nodes_first_page: domFirst,
        tiles_in_dom_first_page: tilesFirst,
        dom_nodes_after_scroll_to_end: domEnd,
        tiles_in_dom_after_scroll_to_end: tilesEnd,
        last_tile_name: lastName,
        pages_loaded: api.filter((p) => p.endsWith('/rpc/list_content')).length,
        scroll_to_end_ms: Math.round(scrollMs),
      },
      null,
      2,
    ),
  );
  await context.close();
} finally {
  await browser.close();
  if (stack?.pid) process.kill(-stack.pid, 'SIGTERM');
}
