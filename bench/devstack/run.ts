import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDevstack } from '@shotcraft/devstack/src/index.ts';
import { freePorts } from '../../tests/helpers/ports.js';
import { functionFigures } from './functions.js';
import { restThroughput, restUnavailable, type RestThroughput } from './rest-throughput.js';

/**
 * `npx tsx bench/devstack/run.ts` prints JSON:
 * - cold_start_ms: startDevstack() on an empty folder (initdb, bootstrap, migrations, seed).
 * - warm_ready_ms: startDevstack() again on the same folder (in-process).
 * - warm_cli_ready_ms: `npm run devstack` as a developer sees it: process start → "ready" line.
 * - rest: authenticated selects/s with RLS on, 4 concurrent supabase-js clients (BENCH_SECONDS, ≤ 10).
 * - functions: the edge functions' runtime — the first call after ready, each function's first load,
 *   a warm call, and the memory of this process and its children (Postgres's excepted) before and
 *   after every function is loaded (bench/devstack/functions.ts).
 */
const seconds = Math.min(10, Number(process.env.BENCH_SECONDS ?? 5));
const repo = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'devstack-bench-'));
chmodSync(dataDir, 0o755); // postgres runs as the `postgres` user when we are root
const [apiPort, dbPort, inboxPort, stripePort, platformsPort] = await freePorts(5);
const config = { dataDir, apiPort, dbPort, inboxPort, stripePort, platformsPort };

/** Runs the CLI like a developer does and times it up to its "devstack ready" line. */
function cliReadyMs(): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const env = { ...process.env, DEVSTACK_DIR: dataDir, DEVSTACK_API_PORT: `${apiPort}`, DEVSTACK_DB_PORT: `${dbPort}`, DEVSTACK_INBOX_PORT: `${inboxPort}`, DEVSTACK_STRIPE_PORT: `${stripePort}`, DEVSTACK_PLATFORMS_PORT: `${platformsPort}` };
    const child = spawn(path.join(repo, 'node_modules/.bin/tsx'), ['devstack/src/cli.ts'], { cwd: repo, env });
    let ms: number | undefined;
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (ms === undefined && out.includes('devstack ready')) {
        ms = Math.round(performance.now() - started);
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => (ms === undefined ? reject(new Error(`devstack CLI exited (${code}):\n${out}`)) : resolve(ms)));
  });
}

try {
  const cold = await startDevstack({ quiet: true, config });
  await cold.stop();
  const warmCli = await cliReadyMs();
  const warm = await startDevstack({ quiet: true, config });
  const functions = await functionFigures(warm, repo);
  let rest: RestThroughput | null = null;
  let restReason: string | null = null;
  try {
    restReason = await restUnavailable(warm);
    if (!restReason) rest = await restThroughput(warm, seconds);
  } catch (err) {
    restReason = (err as Error).message;
  } finally {
    await warm.stop();
  }
  const result = {
    cold_start_ms: cold.readyMs,
    warm_ready_ms: warm.readyMs,
    warm_cli_ready_ms: warmCli,
    functions,
    rest,
    ...(restReason ? { rest_unavailable: restReason } : {}),
    machine: { cpus: os.cpus().length, node: process.version, platform: `${process.platform}-${process.arch}` },
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
