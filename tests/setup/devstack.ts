import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDevstack } from '@shotcraft/devstack/src/index.ts';
import type { DevstackStatus } from '../helpers/devstack-context.js';
import { freePorts } from '../helpers/ports.js';

/**
 * Integration global setup: one fresh devstack for the whole run, on free ports in a new
 * temporary folder, so runs never touch .devstack/ or a devstack the developer has open.
 * DEVSTACK_TEST_STATUS=<path to status.json> runs the tests against an already running one.
 */
export default async function setup(project: TestProject) {
  const external = process.env.DEVSTACK_TEST_STATUS;
  if (external) {
    project.provide('devstack', JSON.parse(readFileSync(external, 'utf8')) as DevstackStatus);
    project.provide('devstackDir', path.dirname(path.resolve(external)));
    return;
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'devstack-test-'));
  // As root, postgres runs as the `postgres` user, which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  // The functions reach the worker at worker_url: a free port that a test file which needs that
  // path starts its worker on (useWorker({ atDevstackUrl: true })).
  const [apiPort, dbPort, inboxPort, stripePort, platformsPort, workerPort] = await freePorts(6);
  const workerUrl = `http://127.0.0.1:${workerPort}`;
  // DEVSTACK_TEST_LOG=1 prints the devstack's log (the functions' console among it) with the tests'.
  const devstack = await startDevstack({ quiet: process.env.DEVSTACK_TEST_LOG !== '1', config: { dataDir, apiPort, dbPort, inboxPort, stripePort, platformsPort, workerUrl } }).catch(
    (err: Error) => {
      rmSync(dataDir, { recursive: true, force: true });
      throw err;
    },
  );
  project.provide('devstack', devstack.status);
  project.provide('devstackDir', dataDir);

  return async () => {
    await devstack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
