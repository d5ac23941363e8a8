import { spawn, type ChildProcess } from 'node:child_process';
import type pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { startWorker, type RunningWorker, type WorkerOptions } from '@shotcraft/worker/src/server.ts';
import type { Actor } from '../data/support.js';
import { pgClient } from './clients.js';
import { freePorts } from './ports.js';

/**
 * The media worker in this process on a free port, and a superuser connection, for a test file.
 * `atDevstackUrl`: on the port the devstack's functions call (its worker_url), for a test of a
 * function that hands work to the worker — one such file at a time.
 */
export function useWorker(options: Pick<WorkerOptions, 'webhookDispatch' | 'spinEncodeTimeoutMs' | 'scene'> & { atDevstackUrl?: boolean } = {}): { readonly worker: RunningWorker; readonly su: pg.Client } {
  const context = {} as { worker: RunningWorker; su: pg.Client };
  const { atDevstackUrl, ...workerOptions } = options;
  beforeAll(async () => {
    const { api_url, service_role_key, worker_url } = inject('devstack');
    const [port] = atDevstackUrl ? [Number(new URL(worker_url).port)] : await freePorts(1);
    context.worker = await startWorker({ port, supabaseUrl: api_url, serviceRoleKey: service_role_key, log: false, ...workerOptions });
    context.su = await pgClient();
  });
  afterAll(async () => {
    await context.worker?.close();
    await context.su?.end();
  });
  return context;
}

/** The user's access token, for the worker's `Authorization: Bearer` header. */
export async function tokenOf(actor: Actor): Promise<string> {
  return (await actor.db.auth.getSession()).data.session!.access_token;
}

export interface WorkerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
}

/**
 * The worker as its own process on a free port: node itself (not an npx/tsx wrapper, so a signal
 * reaches the process doing the work) with tsx from `cwd`, `entry` relative to it, and `env` plus the
 * devstack's URL and service-role key. Resolves once it says it is ready.
 */
export async function spawnWorkerProcess(cwd: string, entry: string, env: NodeJS.ProcessEnv): Promise<WorkerProcess> {
  const { api_url, service_role_key } = inject('devstack');
  const [port] = await freePorts(1);
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd,
    env: { ...env, SUPABASE_URL: api_url, SUPABASE_SERVICE_ROLE_KEY: service_role_key, WORKER_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Both pipes are drained: a full pipe would stall the worker.
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not start within 60 s:\n${output}`)), 60_000);
    child.stdout!.on('data', () => {
      if (output.includes('ready at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited (${code ?? signal}):\n${output}`));
    });
  });
  return { child, url: `http://127.0.0.1:${port}`, output: () => output };
}
