/**
 * An encode that dies (ffmpeg killed: out of memory, a deploy, a hung process) fails the spin and
 * gives its 5 credits back, and leaves none of its files behind. The real ffmpeg runs and is
 * killed by the pipeline's own deadline, set to 1 ms here through the worker's options.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeTurntableFrames } from '@shotcraft/worker/src/studios/spin360/test-frames.ts';
import { creditState, newActor, startJob } from '../data/support.js';
import { tokenOf, useWorker } from '../helpers/worker.js';

// Every encode is killed by the spin's own deadline (SPIN_ENCODE_TIMEOUT_S), here 1 ms.
const ctx = useWorker({ spinEncodeTimeoutMs: 1 });
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'spin-killed-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('fails the job, refunds 5 credits and removes what it stored when ffmpeg is killed', { timeout: 60_000 }, async () => {
  const me = await newActor();
  const folder = `${me.id}/spin360/${randomUUID()}/`;
  const files = await writeTurntableFrames(dir, 8, { width: 320, height: 240 });
  for (const [i, file] of files.entries()) {
    const { error } = await me.db.storage.from('raw-uploads').upload(`${folder}${String(i).padStart(3, '0')}_turn.jpg`, await readFile(file), { contentType: 'image/jpeg' });
    expect(error).toBeNull();
  }
  const job = await startJob(me.db, 'spin360', { preset: 'default', title: 'Box', source: 'frames', source_path: folder });
  expect(await creditState(ctx.su, me.id)).toEqual({ credits: 0, ledger: 0 });

  const form = new FormData();
  for (const [k, v] of Object.entries({ job_id: job.job_id, user_id: me.id, image_source: 'storage' })) form.set(k, v);
  const res = await fetch(`${ctx.worker.url}/webhooks/spin360`, { method: 'POST', headers: { Authorization: `Bearer ${await tokenOf(me)}` }, body: form });
  const body = (await res.json()) as { error: { code: string; message: string }; refunded: number };
  expect([res.status, body.error.code, body.refunded]).toEqual([500, 'processing_failed', 5]);
  expect(body.error.message).toMatch(/refunded/);

  expect(await creditState(ctx.su, me.id)).toEqual({ credits: 5, ledger: 5 });
  const { rows } = await ctx.su.query('select status, err from public.videos where id = $1', [job.job_id]);
  expect(rows[0].status).toBe('failed');
  const stored = await ctx.su.query(`select count(*)::int as n from storage.objects where bucket_id = 'videos' and name like $1`, [`${me.id}/%`]);
  expect(stored.rows[0].n).toBe(0);
});
