/**
 * Reliability of the job contract (docs/architecture.md §4) with a real worker: a worker killed in the
 * middle of a job leaves nothing charged and unfinished once the sweeper runs, and two tabs of the
 * same user never charge one job twice nor overspend.
 *
 * Every request attaches the photo in the form's `image` field (image_source 'file'), and only
 * status codes, job rows, the ledger and balances are asserted, so these rules hold whatever the
 * worker's reply carries besides job_id, status and error.code.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_FIELD, RAW_UPLOADS_BUCKET, type ImageSource, type WebhookBaseFields } from '@shotcraft/shared/jobs/contract.ts';
import { naturalScene, toJpeg } from '@shotcraft/worker/test/fixtures.ts';
import { creditState, newActor, setBalance, startJob, type Actor, type Started } from '../data/support.js';
import { signIn } from '../helpers/clients.js';
import { spawnWorkerProcess, tokenOf, useWorker } from '../helpers/worker.js';

const repo = path.resolve(import.meta.dirname, '../..');
let photo: Buffer;

const ctx = useWorker();
beforeAll(async () => {
  photo = await toJpeg(naturalScene(640, 480));
});

/** What the studio does before it calls the worker: upload the original, then start_job. */
async function startRefine(actor: Actor, image: Buffer, preset = 'general'): Promise<Started> {
  const sourcePath = `${actor.id}/refine_image/${randomUUID()}_${Date.now()}.jpg`;
  const { error } = await actor.db.storage.from(RAW_UPLOADS_BUCKET).upload(sourcePath, image, { contentType: 'image/jpeg' });
  if (error) throw new Error(`upload failed: ${error.message}`);
  return startJob(actor.db, 'refine_image', { preset, title: 'Test', source_path: sourcePath });
}

/** POST /webhooks/refine: docs/spec.md §7's form with the photo attached in the `image` field. */
function send(workerUrl: string, actor: Actor, job: Started, image: Buffer, token: string, preset = 'general') {
  const fields: WebhookBaseFields & Record<string, string> = {
    job_id: job.job_id, user_id: actor.id, user_email: actor.user.email, form_type: 'refine_image', image_url: '',
    image_source: 'file' satisfies ImageSource, metadata: '{}', submitted_at: new Date().toISOString(),
    enhancement_type: preset, label: 'Test', description: '', credits: String(job.cost), custom_text: '',
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set(IMAGE_FIELD, new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
  return fetch(`${workerUrl}/webhooks/refine`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
}

/** The reply's status and the only body fields these tests rely on. */
async function outcome(res: Response) {
  const body = (await res.json().catch(() => ({}))) as { job_id?: string; status?: string; error?: { code?: string } };
  return { status: res.status, job_id: body.job_id, job_status: body.status, code: body.error?.code };
}

const jobRow = async (jobId: string) =>
  (await ctx.su.query<{ status: string; err: string | null }>('select status, err from public.image_jobs where id = $1', [jobId])).rows[0]!;

const ledgerOf = async (jobId: string) =>
  (await ctx.su.query<{ reason: string; delta: number }>('select reason, delta from public.credit_ledger where job_id = $1 order by created_at, id', [jobId])).rows;

const clicksOf = async (jobId: string) =>
  (await ctx.su.query<{ status: string; credits_deducted: number }>('select status, credits_deducted from public.webhook_clicks where job_id = $1', [jobId])).rows;

async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not within ${ms} ms`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a worker killed in the middle of a job', { timeout: 120_000 }, () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
  });

  /** `npm run worker` as a child process with the devstack's environment, on a free port. */
  async function spawnWorker(): Promise<string> {
    const worker = await spawnWorkerProcess(repo, 'worker/src/index.ts', { ...process.env, WORKER_CONCURRENCY: '1' });
    child = worker.child;
    return worker.url;
  }

  it('leaves no charged, unfinished job: the sweeper fails it, refunds it and the ledger balances', async () => {
    const workerUrl = await spawnWorker();
    const me = await newActor();
    await setBalance(ctx.su, me.id, 10);
    const before = await creditState(ctx.su, me.id);
    expect(before).toEqual({ credits: 10, ledger: 10 });

    // A 4000×3000 photo upscaled to 8000×6000 keeps the worker busy for a few seconds.
    const big = await toJpeg(naturalScene(4000, 3000), 85);
    const job = await startRefine(me, big, 'upscale');
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: before.credits - job.cost, ledger: before.credits - job.cost });

    const request = send(workerUrl, me, job, big, await tokenOf(me), 'upscale').then(
      (res) => res.status,
      (err: unknown) => err,
    );
    await until(async () => (await jobRow(job.job_id)).status === 'processing', 30_000, 'the worker claims the job');

    const exited = once(child!, 'exit');
    child!.kill('SIGKILL');
    expect(await exited).toEqual([null, 'SIGKILL']);
    expect(await request).toBeInstanceOf(Error); // the browser sees the connection drop
    // Charged and unfinished: exactly what the sweeper exists for.
    expect((await jobRow(job.job_id)).status).toBe('processing');
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: before.credits - job.cost, ledger: before.credits - job.cost });

    // The job's time runs out; the sweeper (pg_cron on hosted, a timer in the devstack) finds it.
    await ctx.su.query(`update public.image_jobs set expires_at = now() - interval '1 second' where id = $1`, [job.job_id]);
    await ctx.su.query('select public.sweep_stale_jobs()');

    expect(await jobRow(job.job_id)).toEqual({ status: 'failed', err: expect.stringMatching(/timed out.*refunded/i) as string });
    expect(await creditState(ctx.su, me.id)).toEqual(before);
    expect(await ledgerOf(job.job_id)).toEqual([{ reason: 'job_debit', delta: -job.cost }, { reason: 'job_refund', delta: job.cost }]);
    expect(await clicksOf(job.job_id)).toEqual([{ status: 'failed', credits_deducted: 0 }]);
    const { rows: content } = await ctx.su.query<{ n: number }>('select count(*)::int as n from public.content_generations where job_id = $1', [job.job_id]);
    expect(content[0]!.n).toBe(0);

    // A second sweep changes nothing: the refund happens once.
    await ctx.su.query('select public.sweep_stale_jobs()');
    expect(await creditState(ctx.su, me.id)).toEqual(before);
    expect(await ledgerOf(job.job_id)).toHaveLength(2);
  });
});

describe('two tabs of the same user', () => {
  it('never charge one job twice: the same job sent twice at once is processed once, the other gets 409 job_not_queued', async () => {
    const me = await newActor();
    await setBalance(ctx.su, me.id, 10);
    const job = await startRefine(me, photo);
    const token = await tokenOf(me);

    const replies = await Promise.all([send(ctx.worker.url, me, job, photo, token), send(ctx.worker.url, me, job, photo, token)]).then((r) => Promise.all(r.map(outcome)));

    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 200)).toMatchObject({ job_id: job.job_id, job_status: 'completed' });
    expect(replies.find((r) => r.status === 409)?.code).toBe('job_not_queued');
    expect((await jobRow(job.job_id)).status).toBe('completed');
    expect(await ledgerOf(job.job_id)).toEqual([{ reason: 'job_debit', delta: -job.cost }]);
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 10 - job.cost, ledger: 10 - job.cost });
  });

  it('never overspend: two runs started at once with credits for one, one is refused with insufficient_credits', async () => {
    const me = await newActor();
    const { rows } = await ctx.su.query<{ credits: number }>(`select credits from public.studio_prices where studio = 'refine_image' and preset = 'default'`);
    const price = rows[0]!.credits;
    await setBalance(ctx.su, me.id, price);
    // The second tab: the same user, signed in on its own.
    const tabs = [me.db, await signIn(me.user.email, me.user.password)];

    const results = await Promise.all(tabs.map((db) => db.rpc('start_job', { studio: 'refine_image', options: { preset: 'general', title: 'Test' } })));

    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    expect(results.find((r) => r.error !== null)?.error).toMatchObject({ code: 'P0001', details: 'insufficient_credits' });
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 0, ledger: 0 });
    const { rows: jobs } = await ctx.su.query<{ n: number }>('select count(*)::int as n from public.image_jobs where user_id = $1', [me.id]);
    expect(jobs[0]!.n).toBe(1);
  });

  it('a cancel racing the worker ends the job one way only: completed and charged, or failed and refunded once', async () => {
    // The cancel leaves at different moments of the worker's receive, decode, claim and process.
    for (const delay of [0, 20, 60, 150, 400]) {
      const me = await newActor();
      await setBalance(ctx.su, me.id, 10);
      const job = await startRefine(me, photo);
      const token = await tokenOf(me);

      const [reply, cancel] = await Promise.all([
        send(ctx.worker.url, me, job, photo, token).then(outcome),
        sleep(delay).then(() => me.db.rpc('cancel_job', { job_id: job.job_id })),
      ]);
      expect(cancel.error).toBeNull();

      const { status } = await jobRow(job.job_id);
      if (status === 'completed') {
        expect(reply.status).toBe(200);
        expect(await ledgerOf(job.job_id)).toEqual([{ reason: 'job_debit', delta: -job.cost }]);
        expect(await clicksOf(job.job_id)).toEqual([{ status: 'completed', credits_deducted: job.cost }]);
        expect(await creditState(ctx.su, me.id)).toEqual({ credits: 10 - job.cost, ledger: 10 - job.cost });
      } else {
        expect({ status, reply: reply.status, code: reply.code }).toEqual({ status: 'failed', reply: 409, code: 'job_not_queued' });
        expect(await ledgerOf(job.job_id)).toEqual([{ reason: 'job_debit', delta: -job.cost }, { reason: 'job_refund', delta: job.cost }]);
        expect(await clicksOf(job.job_id)).toEqual([{ status: 'failed', credits_deducted: 0 }]);
        expect(await creditState(ctx.su, me.id)).toEqual({ credits: 10, ledger: 10 });
      }
    }
  });
});
