import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';
import WebSocket from 'ws';
import { e2eEnv } from './env';

export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

/**
 * Saves a full-page screenshot under test-results/screenshots/<name>.png, to be looked at.
 * Sections with `content-visibility: auto` (the landing's below-fold ones) are painted for it, as
 * they are for a user scrolling down: a full-page capture does not scroll them into view.
 * In CI nobody looks at them, so they are taken there only with E2E_SCREENSHOTS=1.
 */
export async function snap(page: Page, name: string) {
  if (process.env.CI && process.env.E2E_SCREENSHOTS !== '1') return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true, style: '.below-fold { content-visibility: visible !important; }' });
}

/**
 * Waits until the screen shows its data, as a user would see it: the document and its fonts
 * loaded, no route or data still loading (the route's loading bar, a "Loading…" status,
 * skeletons, spinners, anything aria-busy) and no fade or slide under way, the same for three
 * checks in a row (a route's bar can give way to its skeletons).
 * Faster and more to the point than Playwright's 'networkidle', which waits 500 ms after the last
 * request whatever is on screen, and never settles on a page that polls.
 */
export async function settled(page: Page, timeout = 30_000) {
  const busyNow = () => {
    if (document.readyState !== 'complete') return 'document loading';
    if (document.fonts.status !== 'loaded') return 'fonts loading';
    if (!document.body.innerText.trim()) return 'nothing on screen';
    // Anything still loading counts, but a lazy section's placeholder (the landing's below-fold
    // sections) loads only when scrolled near, as it does for a user.
    const loading = [...document.querySelectorAll('[role="status"], [data-slot="skeleton"], .animate-pulse, .animate-spin, [aria-busy="true"]')].find((el) => {
      if (el.getAttribute('role') === 'status' && !/^\s*loading/i.test(el.getAttribute('aria-label') ?? el.textContent ?? '')) return false;
      if (!el.closest('.below-fold')) return true;
      const box = el.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight;
    });
    if (loading) return `${loading.tagName.toLowerCase()}.${String((loading as HTMLElement).className).slice(0, 80)}`;
    // A fade or slide still under way shows colours half-way (a contrast check would read them).
    const moving = document.getAnimations().find((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    return moving ? `animation ${(moving as CSSAnimation).animationName ?? (moving as CSSTransition).transitionProperty ?? ''}` : '';
  };
  try {
    // Three quiet checks in a row (a route changed by the router draws within them); the count
    // lives on the window between polls and starts again with every call.
    await page.evaluate(() => ((window as unknown as { __settledChecks: number }).__settledChecks = 0));
    const quiet = `(() => { const busy = (${busyNow.toString()})(); window.__settledChecks = busy ? 0 : (window.__settledChecks || 0) + 1; return window.__settledChecks >= 3; })()`;
    await page.waitForFunction(quiet, undefined, { polling: 100, timeout });
  } catch (err) {
    const still = await page.evaluate(`(${busyNow.toString()})()`).catch(() => '?');
    throw new Error(`${page.url()} did not settle in ${timeout} ms (still: ${String(still)})`, { cause: err });
  }
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

export interface E2eStatus {
  api_url: string;
  anon_key: string;
  service_role_key: string;
  db_url: string;
  inbox_url: string;
  worker_url: string;
  platforms_url: string;
}

/** The e2e devstack's URLs and keys (written by scripts/e2e-server.ts when it is ready). */
export function e2eStatus(): E2eStatus {
  return JSON.parse(fs.readFileSync(path.join(e2eEnv.dataDir, 'status.json'), 'utf8')) as E2eStatus;
}

/** supabase-js options for Node: no persistence, and `ws` because Node 20 has no global WebSocket. */
export const nodeClientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
};

/** Signs `page` in as a user through the real /login form. */
export async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
  await page.waitForURL('**/dashboard');
}

/** Creates a confirmed user with the service key (a new account: plan trial, 5 credits). */
export async function createConfirmedUser(email: string, password: string): Promise<{ id: string; email: string; password: string }> {
  const { api_url, service_role_key } = e2eStatus();
  const admin = createClient(api_url, service_role_key, nodeClientOptions);
  const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (error || !data.user) throw new Error(`createConfirmedUser(${email}) failed: ${error?.message ?? 'no user'}`);
  return { id: data.user.id, email, password };
}

/** A webhook receiver on this machine: the bodies it got, its URL, and a way to stop it. Answers 200. */
export async function startReceiver(): Promise<{ url: string; received: string[]; close: () => void }> {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push(body);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, close: () => server.close() };
}
