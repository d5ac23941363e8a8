/**
 * The media worker against a real devstack: the refine webhook's job and credit contract
 * (docs/architecture.md §4) through real supabase-js clients, a real HTTP server and real storage.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { naturalScene, toJpeg } from '@shotcraft/worker/test/fixtures.ts';
import { creditState, newActor, setBalance, startJob, type Actor } from '../data/support.js';
import { tokenOf, useWorker } from '../helpers/worker.js';

let photo: Buffer;

const ctx = useWorker();
beforeAll(async () => {
  photo = await toJpeg(naturalScene(320, 240));
});

/** What the studio does: upload the original, then start_job. */
async function startRefine(actor: Actor, preset = 'general', extra: Record<string, unknown> = {}) {
  const sourcePath = `${actor.id}/refine_image/${randomUUID()}_${Date.now()}.jpg`;
  const { error } = await actor.db.storage.from('raw-uploads').upload(sourcePath, photo, { contentType: 'image/jpeg' });
  if (error) throw new Error(`upload failed: ${error.message}`);
  return startJob(actor.db, 'refine_image', { preset, title: 'Test', label: 'General Enhancement', source_path: sourcePath, ...extra });
}

interface Reply {
  job_id?: string;
  url: string;
  bytes: number;
  error: { code: string; message: string };
  [field: string]: unknown;
}

/** POST /webhooks/refine with docs/spec.md §7's fields. */
async function post(fields: Record<string, string>, image: Buffer | null, token?: string, name = 'photo.jpg') {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (image) form.set('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), name);
  const res = await fetch(`${ctx.worker.url}/webhooks/refine`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Reply };
}

const fieldsFor = (actor: Actor, jobId: string, preset = 'general') => ({
  job_id: jobId, user_id: actor.id, user_email: actor.user.email, form_type: 'refine_image', enhancement_type: preset,
  label: 'General Enhancement', description: '', credits: '2', image_url: '', metadata: JSON.stringify({ source: 'test' }), custom_text: '',
});

const jobRow = async (jobId: string) =>
  (await ctx.su.query('select status, processed_path, err from public.image_jobs where id = $1', [jobId])).rows[0];

describe('POST /webhooks/refine', () => {
  it('refines a photo: charges 2 credits once, stores the result and records the content row', async () => {
    const me = await newActor();
    await setBalance(ctx.su, me.id, 10);
    const job = await startRefine(me);
    expect(job).toMatchObject({ cost: 2, balance: 8 });

    const { status, body } = await post(fieldsFor(me, job.job_id), photo, await tokenOf(me));
    expect(status).toBe(200);
    expect(body).toMatchObject({ job_id: job.job_id, status: 'completed', width: 320, height: 240, details: { applied: expect.arrayContaining(['saturation +12%']), ignored: [] } });
    expect(body.bytes).toBeGreaterThan(1000);

    const image = await fetch(body.url);
    expect(image.status).toBe(200);
    expect(Number((await image.arrayBuffer()).byteLength)).toBe(body.bytes);

    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 8, ledger: 8 });
    expect(await jobRow(job.job_id)).toMatchObject({ status: 'completed', processed_path: `${me.id}/Refined-Images/${job.job_id}.jpg` });
    const { data: content } = await me.db.from('content_generations').select('content_type, storage_path, bucket, width, height, credits_used');
    expect(content).toEqual([{ content_type: 'refine_image', storage_path: `${me.id}/Refined-Images/${job.job_id}.jpg`, bucket: 'processed', width: 320, height: 240, credits_used: 2 }]);
    const { data: listed } = await me.db.storage.from('processed').list(`${me.id}/Refined-Images`);
    expect(listed?.map((f) => f.name)).toEqual([`${job.job_id}.jpg`]);
  });

  it('refuses a replayed job_id with 409 and charges nothing more', async () => {
    const me = await newActor();
    const job = await startRefine(me);
    const token = await tokenOf(me);
    expect((await post(fieldsFor(me, job.job_id), photo, token)).status).toBe(200);
    const replay = await post(fieldsFor(me, job.job_id), photo, token);
    expect(replay).toMatchObject({ status: 409, body: { error: { code: 'job_not_queued' } } });
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 3, ledger: 3 });
  });

  it('refuses another user\'s job with 403 and leaves it queued', async () => {
    const owner = await newActor();
    const intruder = await newActor();
    const job = await startRefine(owner);
    const res = await post({ ...fieldsFor(intruder, job.job_id) }, photo, await tokenOf(intruder));
    expect(res).toMatchObject({ status: 403, body: { error: { code: 'job_forbidden' } } });
    expect((await jobRow(job.job_id)).status).toBe('queued');
  });

  it('refuses a request without a token, or with a forged one, with 401', async () => {
    const me = await newActor();
    const job = await startRefine(me);
    expect(await post(fieldsFor(me, job.job_id), photo)).toMatchObject({ status: 401, body: { error: { code: 'missing_token' } } });
    const [header, payload] = (await tokenOf(me)).split('.');
    const forged = `${header}.${payload}.${Buffer.from('not-the-signature').toString('base64url')}`;
    expect(await post(fieldsFor(me, job.job_id), photo, forged)).toMatchObject({ status: 401, body: { error: { code: 'invalid_token' } } });
    expect((await jobRow(job.job_id)).status).toBe('queued');
  });

  it('refunds a job whose image cannot be decoded', async () => {
    const me = await newActor();
    const job = await startRefine(me);
    const truncated = photo.subarray(0, Math.floor(photo.length / 2));
    const res = await post(fieldsFor(me, job.job_id), truncated, await tokenOf(me));
    expect(res).toMatchObject({ status: 422, body: { error: { code: 'undecodable_image' }, job_id: job.job_id, refunded: 2 } });
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 5, ledger: 5 });
    expect((await jobRow(job.job_id)).status).toBe('failed');
  });

  it('refuses a text file named .jpg with 415 and refunds', async () => {
    const me = await newActor();
    const job = await startRefine(me);
    const res = await post(fieldsFor(me, job.job_id), Buffer.from('definitely not an image'), await tokenOf(me), 'photo.jpg');
    expect(res).toMatchObject({ status: 415, body: { error: { code: 'unsupported_type' }, refunded: 2 } });
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 5, ledger: 5 });
  });

  it('refuses a 51 MB upload with "File too large" and refunds', async () => {
    const me = await newActor();
    const job = await startRefine(me);
    const big = Buffer.alloc(51 * 1024 * 1024);
    photo.copy(big);
    const res = await post(fieldsFor(me, job.job_id), big, await tokenOf(me));
    expect(res.status).toBe(413);
    expect(res.body.error.message).toMatch(/^File too large/);
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 5, ledger: 5 });
  });

  it('runs the custom instruction and reports what it applied and ignored', async () => {
    const me = await newActor();
    const job = await startRefine(me, 'custom', { custom_text: 'make it more vibrant, add sparkles' });
    const res = await post({ ...fieldsFor(me, job.job_id, 'custom'), custom_text: 'make it more vibrant, add sparkles' }, photo, await tokenOf(me));
    expect(res).toMatchObject({ status: 200, body: { details: { applied: ['saturation +25%'], ignored: ['sparkles'] } } });
  });

  it('lets only one of two concurrent jobs start when the credits cover one', async () => {
    const me = await newActor();
    await setBalance(ctx.su, me.id, 2);
    const results = await Promise.allSettled([startRefine(me), startRefine(me)]);
    const started = results.filter((r) => r.status === 'fulfilled');
    expect(started).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason.message).toMatch(/insufficient_credits|Insufficient/i);
    const { rows } = await ctx.su.query('select count(*)::int as n from public.image_jobs where user_id = $1', [me.id]);
    expect(rows[0].n).toBe(1);
    const job = (started[0] as PromiseFulfilledResult<{ job_id: string }>).value;
    expect((await post(fieldsFor(me, job.job_id), photo, await tokenOf(me))).status).toBe(200);
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 0, ledger: 0 });
  });
});

describe('worker HTTP surface', () => {
  it('answers CORS preflight for the app origin and reports health', async () => {
    const preflight = await fetch(`${ctx.worker.url}/webhooks/refine`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const health = await fetch(`${ctx.worker.url}/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', webhooks: ['/webhooks/refine', '/webhooks/lightbox', '/webhooks/spin360', '/webhooks/ugc', '/webhooks/competitor_ad'] });
  });
});
