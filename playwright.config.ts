import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { e2eEnv } from './e2e/env';

/**
 * End-to-end specs in real Chromium. We drive Debian's build because browsers cannot be downloaded
 * on our machines (CHROMIUM_PATH chooses another): its headless shell where installed
 * (chromium-headless-shell, the same Blink and V8 without the browser's UI, about a fifth less CPU
 * per spec on a 2-core machine), its chromium otherwise; Playwright's own browser only where
 * neither exists.
 */
const DEBIAN = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'];
const executablePath = process.env.CHROMIUM_PATH ?? DEBIAN.find((file) => fs.existsSync(file));

const chromium = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  },
};

/**
 * Specs whose runs are heavy work in the one media worker (cut-outs, video encodes). They run one
 * at a time, beside the other specs, so none waits in the worker's queue behind another spec's
 * jobs: how long a media spec takes is then about the product, not about what else was running.
 */
const MEDIA = /\/(lightbox|ugc|ads|spin360|chain)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/e2e-${e2eEnv.previewPort}`,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: e2eEnv.baseURL,
    // A failed spec keeps its trace: every action with the page's DOM before and after it. Without
    // the trace's screencast, which doubled the suite's CPU (measured on library + settings +
    // dashboard: 191 s of CPU with it, 95 s without, 86 s with no trace at all); rerun a spec with
    // `--trace on` for the filmstrip.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'media', testMatch: MEDIA, workers: 1, use: chromium },
    { name: 'chromium', testIgnore: MEDIA, use: chromium },
  ],
  webServer: {
    command: 'npx tsx scripts/e2e-server.ts',
    url: e2eEnv.baseURL,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    // SIGTERM lets scripts/e2e-server.ts stop the devstack (and its postgres) cleanly.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
