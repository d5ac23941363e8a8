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
