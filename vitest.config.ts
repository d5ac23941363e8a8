import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

/**
 * Three projects:
 * - unit: React components and pure browser code in jsdom (msw for HTTP).
 * - node: pure Node code of the devstack, worker and scripts.
 * - integration: tests/ against a fresh devstack started once by the global setup
 *   (free ports, temporary data folder), always through the real supabase-js.
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}'],
            setupFiles: ['src/test/setup.ts'],
            css: false,
          },
        },
        {
          test: {
            name: 'node',
            environment: 'node',
            include: ['devstack/**/*.test.ts', 'worker/**/*.test.ts', 'scripts/**/*.test.ts'],
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
          },
        },
      ],
    },
  }),
);
