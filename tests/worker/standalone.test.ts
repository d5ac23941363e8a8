/**
 * The worker installs and runs on its own, as it does in its container (worker/Dockerfile): only
 * `worker/` and the shared package copied into an empty folder outside the repository (no
 * node_modules above it to borrow from), `npm ci --omit=dev` there from the worker's own lock, then
 * the worker started with nothing but environment variables against the devstack, and a Lightbox
 * job run through it as the studio runs one — the cut-out model, sharp and the shared contract all
 * from the worker's own install.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bottleOnPlain } from '@shotcraft/worker/test/lightbox-fixtures.ts';
import { creditState, newActor, startJob } from '../data/support.js';
import { pgClient } from '../helpers/clients.js';
import { spawnWorkerProcess, tokenOf, type WorkerProcess } from '../helpers/worker.js';

const repo = path.resolve(import.meta.dirname, '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shotcraft-worker-alone-'));
let worker: WorkerProcess | undefined;
let su: pg.Client;

/** npm's own settings pass through (registry, cache); what `npm test` set for this repository does not. */
function npmEnv(): NodeJS.ProcessEnv {
  const keep = /^npm_config_(registry|cache|userconfig|globalconfig|loglevel)$/i;
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) || keep.test(key)));
}

beforeAll(async () => {
  for (const part of ['worker', 'packages/shared']) {
    fs.cpSync(path.join(repo, part), path.join(dir, part), { recursive: true, filter: (src) => path.basename(src) !== 'node_modules' });
  }
  // From npm's cache first: the root's `npm ci` has just fetched every one of these packages.
  await promisify(execFile)('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: path.join(dir, 'worker'), env: npmEnv(), maxBuffer: 16 * 1024 * 1024 });

  // Node with the worker's own tsx, as `npm start` runs it, and no environment but what it needs.
  worker = await spawnWorkerProcess(path.join(dir, 'worker'), 'src/index.ts', { PATH: process.env.PATH, HOME: os.homedir(), WORKER_CONCURRENCY: '1' });
  su = await pgClient();
}, 240_000);

afterAll(async () => {
  worker?.child.kill('SIGKILL');
  await su?.end();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the worker on its own', { timeout: 120_000 }, () => {
  it('installs from its own lock without dev dependencies, none of them borrowed from the repository', () => {
    const installed = fs.readdirSync(path.join(dir, 'worker/node_modules'));
    expect(installed).toEqual(expect.arrayContaining(['sharp', 'onnxruntime-node', '@imgly', 'tsx', '@shotcraft']));
    expect(installed).not.toContain('vitest');
    // The shared package is installed as a copy of the one beside it (worker/.npmrc install-links),
    // with its own dependencies, not a link into the repository.
    const shared = path.join(dir, 'worker/node_modules/@shotcraft/shared');
    expect(fs.lstatSync(shared).isSymbolicLink()).toBe(false);
    expect(fs.existsSync(path.join(shared, 'src/jobs/contract.ts'))).toBe(true);
    expect(installed).toContain('zod');
  });

  it('answers its health check and runs a Lightbox job to a stored, charged result', async () => {
    expect((await fetch(`${worker!.url}/health`)).status).toBe(200);

    const me = await newActor();
    const before = await creditState(su, me.id);
    const source = `${me.id}/lightbox/${randomUUID()}.jpg`;
    const { error } = await me.db.storage.from('raw-uploads').upload(source, (await bottleOnPlain()).jpeg, { contentType: 'image/jpeg' });
    expect(error).toBeNull();
    const job = await startJob(me.db, 'lightbox', { preset: 'default', title: 'Bottle', product_name: 'Bottle', background: 'white', colour: '#ffffff', colour_to: '#ffffff', background_description: '', shadow: 'contact', output: 'amazon', source_path: source });
    const form = new FormData();
    for (const [k, v] of Object.entries({ job_id: job.job_id, user_id: me.id, form_type: 'lightbox', image_source: 'storage', product_name: 'Bottle' })) form.set(k, v);
    const res = await fetch(`${worker!.url}/webhooks/lightbox`, { method: 'POST', headers: { Authorization: `Bearer ${await tokenOf(me)}` }, body: form });
    const body = (await res.json()) as { url: string; width: number; height: number };

    expect(res.status, `${JSON.stringify(body)}\n${worker!.output()}`).toBe(200);
    expect([body.width, body.height]).toEqual([2000, 2000]);
    expect((await fetch(body.url)).status).toBe(200);
    const { rows } = await su.query<{ status: string; n: number }>('select j.status, (select count(*)::int from public.content_generations c where c.job_id = j.id) as n from public.image_jobs j where j.id = $1', [job.job_id]);
    expect(rows).toEqual([{ status: 'completed', n: 1 }]);
    expect(await creditState(su, me.id)).toEqual({ credits: before.credits - job.cost, ledger: before.credits - job.cost });
  });
});
