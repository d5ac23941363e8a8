import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, mergeConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import viteConfig from './vite.config';

/**
 * The screen tests that replace a module (vi.mock), a global or an env value (stubGlobal, stubEnv,
 * fake timers) or start the modules again (resetModules): each gets a fresh module registry and
 * jsdom of its own. The others share one per Vitest worker, which took the suite from 80 s to 37 s
 * here (jsdom, React and the app's modules load once, not 93 times); a mocked module that another
 * file had already loaded would otherwise be the real one, and modules started again would escape
 * the per-file reset of src/test/setup.ts.
 */
const OWN_MODULES = /\bvi\.(mock|doMock|stubGlobal|stubEnv|resetModules|useFakeTimers)\(/;
const screenTests = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return screenTests(file);
    return /\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
const isolatedScreenTests = screenTests('src').filter((file) => OWN_MODULES.test(fs.readFileSync(file, 'utf8')));

/** React components and pure browser code in jsdom (msw for HTTP). */
function unitProject(name: string, files: { include?: string[]; exclude?: string[]; isolate: boolean }): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      environment: 'jsdom',
      include: files.include ?? ['src/**/*.test.{ts,tsx}'],
      exclude: files.exclude,
      isolate: files.isolate,
      setupFiles: ['src/test/setup.ts'],
      css: false,
      // A screen test types and clicks as a user does; on a busy 2-core machine the longest
      // (the sign-up wizard's typing) took over 5 s, Vitest's default, while its CI time is 2 s.
      testTimeout: 15_000,
      // Tests never read a developer's .env: msw answers these URLs.
      env: {
        VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
        VITE_SUPABASE_ANON_KEY: 'test.anon.key',
        VITE_WEBHOOK_REFINE_URL: 'http://127.0.0.1:54330/webhooks/refine',
        VITE_WEBHOOK_LIGHTBOX_URL: 'http://127.0.0.1:54330/webhooks/lightbox',
        VITE_WEBHOOK_SPIN360_URL: 'http://127.0.0.1:54330/webhooks/spin360',
        VITE_WEBHOOK_UGC_URL: 'http://127.0.0.1:54330/webhooks/ugc',
        VITE_WEBHOOK_COMPETITOR_AD_URL: 'http://127.0.0.1:54330/webhooks/competitor_ad',
        VITE_EMBED_ALLOWED_ORIGINS: 'http://127.0.0.1:*,http://localhost:*',
      },
    },
  };
}

/**
 * Four projects:
 * - unit, unit-isolated: React components and pure browser code in jsdom (msw for HTTP).
 * - node: pure Node code of the devstack, worker and scripts.
 * - integration: tests/ against a fresh devstack started once by the global setup
 *   (free ports, temporary data folder), always through the real supabase-js.
 *
 * Two test files at a time at least: Vitest's default (one fewer than the cores) is a single file
 * at a time on a 2-core machine, which leaves a core idle while a file waits on the devstack, a
 * model or a jsdom start. At most four, so a big machine does not crowd one devstack.
 */
const maxWorkers = Math.min(4, Math.max(2, os.availableParallelism()));
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      maxWorkers,
      // A run that stops moving ends with the names of the files it waited for (see the reporter).
      reporters: ['default', './scripts/vitest-stall-reporter.ts'],
      projects: [
        unitProject('unit', { exclude: isolatedScreenTests, isolate: false }),
        unitProject('unit-isolated', { include: isolatedScreenTests, isolate: true }),
        {
          test: {
            name: 'node',
            environment: 'node',
            include: ['packages/**/*.test.ts', 'devstack/**/*.test.ts', 'worker/**/*.test.ts', 'scripts/**/*.test.ts', 'supabase/functions/_shared/**/*.test.ts'],
            // Media work (a voice, an encode) shares two cores with the other files: 5 s was once too few.
            testTimeout: 15_000,
            // Pure Node code without module mocks: one process per Vitest worker, as integration.
            isolate: false,
          },
        },
        {
          test: {
            name: 'integration',
            environment: 'node',
            include: ['tests/**/*.test.ts'],
            globalSetup: ['tests/setup/devstack.ts'],
            setupFiles: ['tests/setup/websocket.ts'],
            testTimeout: 30_000,
            hookTimeout: 120_000,
            // A fresh process per file (isolate): shared processes saved 40 s but two files of
            // tests/devstack start devstacks in-process, and a full run then failed twice in ways
            // no file fails alone (a stale relation id in a REST error, X and TikTok tokens
            // refused mid-post).
          },
        },
      ],
    },
  }),
);
