import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { e2eEnv } from '../../e2e/env.js';
import type { E2eStatus } from '../../e2e/support.js';

/**
 * `npx tsx bench/dashboard/run.ts` prints JSON about the signed-in dashboard home (/dashboard) as
 * the seeded demo user, in real Chromium against the e2e stack (E2E_PORT_BASE / E2E_PREVIEW_PORT;
 * started here unless one is already serving), each run in a fresh browser context (cold cache):
 * - navigation_to_stats_ms: median time from navigation start to the stat figures painted;
 * - requests_on_load: requests the page makes until the network is idle (median);
 * - stats_and_credits_requests: how many of them read the stats or the credit summary (target ≤ 2).
 */
const RUNS = Math.max(1, Math.min(10, Number(process.env.BENCH_RUNS ?? 5)));
const statusFile = `${e2eEnv.dataDir}/status.json`;

async function reachable(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function ensureStack(): Promise<ChildProcess | undefined> {
  if ((await reachable(e2eEnv.baseURL)) && fs.existsSync(statusFile)) return undefined;
  const child = spawn('npx', ['tsx', 'scripts/e2e-server.ts'], { cwd: e2eEnv.root, stdio: 'ignore', detached: true });
  for (let waited = 0; waited < 240_000; waited += 1000) {
    if ((await reachable(e2eEnv.baseURL)) && fs.existsSync(statusFile)) return child;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the e2e stack did not start within 240 s');
}

async function demoSession(status: E2eStatus) {
  const client = createClient(status.api_url, status.anon_key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const { data, error } = await client.auth.signInWithPassword({ email: 'demo@example.com', password: 'Demo-pass-2026' });
  if (error || !data.session) throw new Error(`demo sign-in failed: ${error?.message}`);
  return JSON.stringify(data.session);
}

async function measureOnce(browser: Browser, session: string) {
  const context = await browser.newContext({ baseURL: e2eEnv.baseURL, viewport: { width: 1280, height: 800 } });
  await context.addInitScript((value) => localStorage.setItem('shotcraft-auth', value), session);
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (req) => requests.push(new URL(req.url()).pathname));
  await page.goto('/dashboard');
  // The Total Generations figure: a number, not a skeleton.
  await page.waitForFunction(() => {
    const dt = [...document.querySelectorAll('dt')].find((el) => el.textContent === 'Total Generations');
    return /^\d/.test(dt?.parentElement?.querySelector('dd')?.textContent ?? '');
  });
  const statsMs = await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle');
  await context.close();
  return {
    statsMs,
    requests: requests.length,
    statsAndCredits: requests.filter((p) => /\/rpc\/(dashboard_stats|credit_summary)$/.test(p)).length,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const stack = await ensureStack();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const session = await demoSession(JSON.parse(fs.readFileSync(statusFile, 'utf8')) as E2eStatus);
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(browser, session));
  console.log(
    JSON.stringify(
      {
        runs: RUNS,
        navigation_to_stats_ms: Math.round(median(runs.map((r) => r.statsMs))),
        requests_on_load: median(runs.map((r) => r.requests)),
        stats_and_credits_requests: Math.max(...runs.map((r) => r.statsAndCredits)),
        stats_and_credits_target: 2,
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  if (stack?.pid) process.kill(-stack.pid, 'SIGTERM');
}
