/**
 * Reliability of the job contract with a real worker: a worker killed in the middle of a job
 * leaves nothing charged and unfinished once the sweeper runs, and two tabs sending the same job
 * never charge it twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { naturalScene, toJpeg } from '../../worker/test/fixtures.js';
import { creditState, newActor, setBalance, startJob, type Actor } from '../data/support.js';
import { freePorts } from '../helpers/ports.js';
import { tokenOf, useWorker } from '../helpers/worker.js';

const repo = path.resolve(import.meta.dirname, '../..');
let photo: Buffer;

const ctx = useWorker();
beforeAll(async () => {
  photo = await toJpeg(naturalScene(640, 480));
});

async function startRefine(actor: Actor, image: Buffer, preset = 'general') {
  const sourcePath = `${actor.id}/refine_image/${randomUUID()}_${Date.now()}.jpg`;
  const { error } = await actor.db.storage.from('raw-uploads').upload(sourcePath, image, { contentType: 'image/jpeg' });
  if (error) throw new Error(`upload failed: ${error.message}`);
  return startJob(actor.db, 'refine_image', { preset, title: 'Test', source_path: sourcePath });
}

function send(url: string, actor: Actor, jobId: string, token: string, signal?: AbortSignal) {
  const form = new FormData();
  const fields = { job_id: jobId, user_id: actor.id, user_email: actor.user.email ?? '', form_type: 'refine_image', image_url: '', image_source: 'storage', metadata: '{}', submitted_at: new Date().toISOString() };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return fetch(`${url}/webhooks/refine`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form, signal });
}

const jobStatus = async (jobId: string) => (await ctx.su.query('select status, err from public.image_jobs where id = $1', [jobId])).rows[0] as { status: string; err: string | null };

async function until(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`condition not met within ${ms} ms`);
}

describe('a worker killed in the middle of a job', { timeout: 120_000 }, () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
  });

  it('leaves no charged, unfinished job: the sweeper fails it, refunds it and the ledger balances', async () => {
    const { api_url, service_role_key } = inject('devstack');
    const [port] = await freePorts(1);
    // node itself, not the tsx wrapper: the kill must reach the process doing the work.
    child = spawn(process.execPath, ['--import', 'tsx', 'worker/src/index.ts'], {
      cwd: repo,
      env: { ...process.env, SUPABASE_URL: api_url, SUPABASE_SERVICE_ROLE_KEY: service_role_key, WORKER_PORT: String(port), WORKER_CONCURRENCY: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready at') && resolve());
      child!.once('exit', (code) => reject(new Error(`worker exited (${code})`)));
    });

    const me = await newActor();
    await setBalance(ctx.su, me.id, 10);
    // A 4000×3000 photo upscaled to 8000×6000 keeps the worker busy for a few seconds.
    const job = await startRefine(me, await toJpeg(naturalScene(4000, 3000), 85), 'upscale');
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 7, ledger: 7 });
    const request = send(`http://127.0.0.1:${port}`, me, job.job_id, await tokenOf(me)).catch((err: unknown) => err);
    await until(async () => (await jobStatus(job.job_id)).status === 'processing', 30_000);

    child.kill('SIGKILL');
    expect(await request).toBeInstanceOf(Error); // the browser sees the connection drop
    expect((await jobStatus(job.job_id)).status).toBe('processing');

    // The job's time runs out; the sweeper (pg_cron on hosted, a timer in the devstack) finds it.
    await ctx.su.query(`update public.image_jobs set expires_at = now() - interval '1 second' where id = $1`, [job.job_id]);
    await ctx.su.query('select public.sweep_stale_jobs()');

    expect(await jobStatus(job.job_id)).toEqual({ status: 'failed', err: 'The job timed out and your credits were refunded.' });
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 10, ledger: 10 });
    const { rows: clicks } = await ctx.su.query('select status, credits_deducted from public.webhook_clicks where job_id = $1', [job.job_id]);
    expect(clicks).toEqual([{ status: 'failed', credits_deducted: 0 }]);
    const { rows: content } = await ctx.su.query('select count(*)::int as n from public.content_generations where job_id = $1', [job.job_id]);
    expect(content[0].n).toBe(0);
  });
});

describe('two tabs running the same studio', () => {
  it('never charge one job twice: the same job sent twice at once is processed once', async () => {
    const me = await newActor();
    const job = await startRefine(me, photo);
    const token = await tokenOf(me);
    const replies = await Promise.all([send(ctx.worker.url, me, job.job_id, token), send(ctx.worker.url, me, job.job_id, token)]);
    const statuses = await Promise.all(replies.map(async (r) => ({ status: r.status, body: (await r.json()) as { error?: { code: string } } })));
    expect(statuses.map((s) => s.status).sort()).toEqual([200, 409]);
    expect(statuses.find((s) => s.status === 409)?.body.error?.code).toBe('job_not_queued');
    const { rows } = await ctx.su.query('select reason, delta from public.credit_ledger where job_id = $1 order by created_at', [job.job_id]);
    expect(rows).toEqual([{ reason: 'job_debit', delta: -2 }]);
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 3, ledger: 3 });
  });

  it('never overspend: two runs started at once with credits for one, one is refused', async () => {
    const me = await newActor();
    await setBalance(ctx.su, me.id, 2);
    const tabs = [me.db, (await newActor()).db];
    // The second tab is the same user signed in again.
    const { data: session } = await me.db.auth.getSession();
    await tabs[1]!.auth.setSession({ access_token: session.session!.access_token, refresh_token: session.session!.refresh_token });
    const results = await Promise.allSettled(tabs.map((db) => startJob(db, 'refine_image', { preset: 'general', title: 'Test' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 0, ledger: 0 });
  });

  it('a cancel racing the worker ends the job one way only: completed and charged, or failed and refunded once', async () => {
    for (let round = 0; round < 3; round++) {
      const me = await newActor();
      const job = await startRefine(me, photo);
      const [reply] = await Promise.all([send(ctx.worker.url, me, job.job_id, await tokenOf(me)), me.db.rpc('cancel_job', { job_id: job.job_id })]);
      await reply.arrayBuffer();
      const { status } = await jobStatus(job.job_id);
      const { rows } = await ctx.su.query('select reason from public.credit_ledger where job_id = $1 order by created_at', [job.job_id]);
      if (status === 'completed') expect(rows.map((r) => r.reason)).toEqual(['job_debit']);
      else expect([status, rows.map((r) => r.reason)]).toEqual(['failed', ['job_debit', 'job_refund']]);
      expect((await creditState(ctx.su, me.id)).credits).toBe(status === 'completed' ? 3 : 5);
    }
  });
});
