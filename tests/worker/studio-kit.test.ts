/**
 * The studio kit's worker contract against a real devstack: the original read from raw-uploads
 * (the browser sends the photo once), the studio-neutral reply, and the Lightbox studio end to end
 * with the real cut-out model.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { naturalScene, toJpeg } from '@shotcraft/worker/test/fixtures.ts';
import { bottleOnBusy, bottleOnPlain } from '@shotcraft/worker/test/lightbox-fixtures.ts';
import { PHOTO_SCENES, renderPhoto } from '@shotcraft/worker/test/photo-corpus.ts';
import { CUTOUT_DOUBT } from '@shotcraft/worker/src/studios/lightbox/compose.ts';
import { creditState, newActor, setBalance, startJob, type Actor } from '../data/support.js';
import { tokenOf, useWorker } from '../helpers/worker.js';

let photo: Buffer;

const ctx = useWorker();
beforeAll(async () => {
  photo = await toJpeg(naturalScene(320, 240));
});

/** What a studio does first: the original into raw-uploads/{user}/{studio}/…, then start_job. */
async function upload(actor: Actor, studio: string, bytes: Buffer | null): Promise<string> {
  const path = `${actor.id}/${studio}/${randomUUID()}_${Date.now()}.jpg`;
  if (bytes) {
    const { error } = await actor.db.storage.from('raw-uploads').upload(path, bytes, { contentType: 'image/jpeg' });
    if (error) throw new Error(`upload failed: ${error.message}`);
  }
  return path;
}

/** The form with image_source=storage and no file part. */
async function post(route: string, actor: Actor, jobId: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  const base = { job_id: jobId, user_id: actor.id, user_email: actor.user.email ?? '', form_type: route, image_url: '', image_source: 'storage', metadata: '{}', submitted_at: new Date().toISOString() };
  for (const [key, value] of Object.entries({ ...base, ...fields })) form.set(key, value);
  const res = await fetch(`${ctx.worker.url}/webhooks/${route}`, { method: 'POST', headers: { Authorization: `Bearer ${await tokenOf(actor)}` }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: { code: string; message: string }; details?: Record<string, unknown> } };
}

describe('the original read from storage (image_source=storage)', () => {
  it('refines a photo the form does not carry: one charge, the studio-neutral reply', async () => {
    const me = await newActor();
    await setBalance(ctx.su, me.id, 10);
    const job = await startJob(me.db, 'refine_image', { preset: 'general', title: 'General Enhancement', source_path: await upload(me, 'refine_image', photo) });
    const res = await post('refine', me, job.job_id);
    expect(res).toMatchObject({ status: 200, body: { job_id: job.job_id, status: 'completed', media: 'image', mime_type: 'image/jpeg', width: 320, height: 240, duration_seconds: null } });
    expect(res.body.details).toMatchObject({ applied: expect.any(Array), ignored: [] });
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 8, ledger: 8 });

    // The result is stored and recorded once, named and described as before the kit.
    const stored = await fetch(res.body.url as string);
    expect([stored.status, (await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).width]).toEqual([200, 320]);
    const { data: rows } = await me.db.from('content_generations').select('product_name, storage_path, metadata');
    expect(rows).toEqual([{ product_name: 'Refined Image - General Enhancement', storage_path: `${me.id}/Refined-Images/${job.job_id}.jpg`, metadata: expect.objectContaining({ applied: res.body.details!.applied, media: 'image' }) }]);
  });

  it('refunds a job started without a source_path when the form has no file', async () => {
    const me = await newActor();
    const job = await startJob(me.db, 'refine_image', { preset: 'general', title: 'General Enhancement' });
    const res = await post('refine', me, job.job_id);
    expect(res).toMatchObject({ status: 400, body: { error: { code: 'missing_image' }, job_id: job.job_id, refunded: 2 } });
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 5, ledger: 5 });
  });

  it('refunds a job whose upload is missing from storage', async () => {
    const me = await newActor();
    const job = await startJob(me.db, 'refine_image', { preset: 'general', title: 'General Enhancement', source_path: await upload(me, 'refine_image', null) });
    const res = await post('refine', me, job.job_id);
    expect(res).toMatchObject({ status: 400, body: { error: { code: 'missing_image' }, job_id: job.job_id, refunded: 2 } });
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 5, ledger: 5 });
  });

  it('refuses a text file stored as .jpg with 415 and refunds', async () => {
    const me = await newActor();
    const job = await startJob(me.db, 'refine_image', { preset: 'general', title: 'General Enhancement', source_path: await upload(me, 'refine_image', Buffer.from('not a photo at all')) });
    const res = await post('refine', me, job.job_id);
    expect(res).toMatchObject({ status: 415, body: { error: { code: 'unsupported_type' }, refunded: 2 } });
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 5, ledger: 5 });
    expect((await ctx.su.query('select status from public.image_jobs where id = $1', [job.job_id])).rows[0].status).toBe('failed');
  });

  it('never reads another user\'s job or file: 403, the job stays queued and charged to its owner only', async () => {
    const owner = await newActor();
    const intruder = await newActor();
    const job = await startJob(owner.db, 'refine_image', { preset: 'general', title: 'General Enhancement', source_path: await upload(owner, 'refine_image', photo) });
    const res = await post('refine', intruder, job.job_id, { user_id: intruder.id });
    expect(res).toMatchObject({ status: 403, body: { error: { code: 'job_forbidden' } } });
    expect((await ctx.su.query('select status from public.image_jobs where id = $1', [job.job_id])).rows[0].status).toBe('queued');
    expect(await creditState(ctx.su, intruder.id)).toEqual({ credits: 5, ledger: 5 });
    expect(await creditState(ctx.su, owner.id)).toEqual({ credits: 3, ledger: 3 });
  });
});

describe('POST /webhooks/lightbox', { timeout: 120_000 }, () => {
  it('turns a product photo into an Amazon main image for 1 credit, named after the product', async () => {
    const me = await newActor();
    const source = await upload(me, 'lightbox', (await bottleOnBusy()).jpeg);
    const options = { preset: 'default', title: 'Blue bottle', product_name: 'Blue bottle', background: 'white', colour: '#ffffff', colour_to: '#ffffff', background_description: '', shadow: 'none', output: 'amazon', source_path: source };
    const job = await startJob(me.db, 'lightbox', options);
    expect(job.cost).toBe(1);
    const res = await post('lightbox', me, job.job_id, { product_name: 'Blue bottle', background_description: '' });
    expect(res).toMatchObject({ status: 200, body: { media: 'image', mime_type: 'image/jpeg', width: 2000, height: 2000 } });
    const compliance = res.body.details!.compliance as { passed: boolean }[];
    expect(compliance.length).toBe(4);
    expect(compliance.every((c) => c.passed)).toBe(true);

    const stored = await fetch(res.body.url as string);
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 2000, 2000]);
    const { data: rows } = await me.db.from('content_generations').select('content_type, product_name, storage_path, credits_used');
    expect(rows).toEqual([{ content_type: 'lightbox', product_name: 'Blue bottle', storage_path: `${me.id}/Lightbox/images/${job.job_id}.jpg`, credits_used: 1 }]);
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 4, ledger: 4 });
  });

  it('delivers a cut-out it doubts (a shoe on a busy floral) with the doubt said, and without charge', async () => {
    const me = await newActor();
    const shoe = await renderPhoto(PHOTO_SCENES.find((scene) => scene.id === 'sneaker-floral')!);
    const source = await upload(me, 'lightbox', shoe.jpeg);
    const options = { preset: 'default', title: 'Canvas sneaker', product_name: 'Canvas sneaker', background: 'white', colour: '#ffffff', colour_to: '#ffffff', background_description: '', shadow: 'none', output: 'instagram', source_path: source };
    const job = await startJob(me.db, 'lightbox', options);
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 4, ledger: 4 });
    const res = await post('lightbox', me, job.job_id, { product_name: 'Canvas sneaker' });
    expect(res).toMatchObject({ status: 200, body: { media: 'image', details: { warnings: [CUTOUT_DOUBT], charge: 'waived' } } });
    const { data: rows } = await me.db.from('content_generations').select('credits_used, metadata->>charge');
    expect(rows).toEqual([{ credits_used: 0, charge: 'waived' }]);
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 5, ledger: 5 });
  });

  it('refuses options start_job stored but the studio cannot draw (a colour that is not #rrggbb), and refunds', async () => {
    const me = await newActor();
    const source = await upload(me, 'lightbox', photo);
    const job = await startJob(me.db, 'lightbox', { preset: 'default', title: 'Mug', product_name: 'Mug', background: 'colour', colour: 'red"/><script>', colour_to: '#ffffff', background_description: '', shadow: 'none', output: 'shopify', source_path: source });
    const res = await post('lightbox', me, job.job_id);
    expect(res).toMatchObject({ status: 422, body: { error: { code: 'invalid_options' }, refunded: 1 } });
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 5, ledger: 5 });
  });

  it('refuses a refine job sent to the lightbox webhook (wrong studio), refunding it', async () => {
    const me = await newActor();
    const job = await startJob(me.db, 'refine_image', { preset: 'general', title: 'General Enhancement', source_path: await upload(me, 'refine_image', photo) });
    const res = await post('lightbox', me, job.job_id);
    expect(res).toMatchObject({ status: 409, body: { error: { code: 'wrong_studio' }, refunded: 2 } });
  });

  it('runs a batch of 5 with one bad file: 4 images, 4 credits charged, the bad one refunded exactly', async () => {
    const me = await newActor();
    await setBalance(ctx.su, me.id, 10);
    const good = (await bottleOnPlain()).jpeg;
    const files = [good, good, Buffer.from('this is not a photo'), good, good];
    const batchId = randomUUID();
    const recipe = { preset: 'default', title: 'Bottle', product_name: 'Bottle', background: 'white', colour: '#ffffff', colour_to: '#ffffff', background_description: '', shadow: 'none', output: 'shopify' };
    const jobs = [];
    for (const file of files) jobs.push(await startJob(me.db, 'lightbox', { ...recipe, source_path: await upload(me, 'lightbox', file) }));
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 5, ledger: 5 });
    const replies = await Promise.all(jobs.map((job) => post('lightbox', me, job.job_id, { batch_id: batchId, product_name: 'Bottle' })));
    expect(replies.map((r) => [r.status, r.body.error?.message ?? 'ok'])).toEqual([[200, 'ok'], [200, 'ok'], [415, expect.any(String)], [200, 'ok'], [200, 'ok']]);
    expect(replies[2]!.body).toMatchObject({ error: { code: 'unsupported_type' }, refunded: 1 });
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 6, ledger: 6 });
    const { rows } = await ctx.su.query(`select count(*)::int as n from public.content_generations where user_id = $1 and content_type = 'lightbox'`, [me.id]);
    expect(rows[0].n).toBe(4);
  });
});
