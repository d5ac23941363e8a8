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
 */
export async function snap(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true, style: '.below-fold { content-visibility: visible !important; }' });
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
}

/** The e2e devstack's URLs and keys (written by scripts/e2e-server.ts when it is ready). */
export function e2eStatus(): E2eStatus {
  return JSON.parse(fs.readFileSync(path.join(e2eEnv.dataDir, 'status.json'), 'utf8')) as E2eStatus;
}

/** The localStorage key the app's supabase-js persists its session under (src/lib/auth/stored-session.ts). */
const AUTH_STORAGE_KEY = 'shotcraft-auth';

/** supabase-js options for Node: no persistence, and `ws` because Node 20 has no global WebSocket. */
export const nodeClientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
};

/**
 * Signs `page` in as a user. Uses the real /login form when it exists; otherwise signs in with
 * supabase-js here and puts that real session where the app's supabase-js looks for it.
 */
export async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  const submit = page.getByRole('button', { name: 'Sign In to Dashboard' });
  if (await submit.isVisible()) {
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await submit.click();
    await page.waitForURL('**/dashboard');
    return;
  }
  const { api_url, anon_key } = e2eStatus();
  const client = createClient(api_url, anon_key, nodeClientOptions);
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw new Error(`signInAs(${email}) failed: ${error?.message ?? 'no session'}`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [AUTH_STORAGE_KEY, JSON.stringify(data.session)] as const);
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
