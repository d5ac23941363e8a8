import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { e2eEnv } from './env';

export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

/** Saves a full-page screenshot under test-results/screenshots/<name>.png, to be looked at. */
export async function snap(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
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
