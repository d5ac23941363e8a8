/**
 * The UGC video webhook and its free previews against a real devstack: photos in raw-uploads →
 * a voiced, captioned MP4 in videos/{user}/UGC for 5 credits once; previews cost nothing, read only
 * the caller's photos and are rate limited; a bad script is refused with the credits back.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PRODUCT, TEST_SCRIPT, testPhotos } from '@shotcraft/worker/src/studios/ugc/test-ad.ts';
import { probeMedia } from '@shotcraft/worker/src/video/ffmpeg.ts';
import { creditState, newActor, startJob, type Actor } from '../data/support.js';
import { tokenOf, useWorker } from '../helpers/worker.js';

const ctx = useWorker();
let dir: string;
let photos: Buffer[];

const product = TEST_PRODUCT;
const script = TEST_SCRIPT;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ugc-it-'));
  photos = await testPhotos();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function uploadPhotos(actor: Actor, files = photos): Promise<string> {
  const folder = `${actor.id}/ugc/${randomUUID()}/`;
  for (const [i, bytes] of files.entries()) {
    const { error } = await actor.db.storage.from('raw-uploads').upload(`${folder}00${i}_photo.jpg`, bytes, { contentType: 'image/jpeg' });
    if (error) throw new Error(error.message);
  }
  return folder;
}

async function render(actor: Actor, jobId: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ job_id: jobId, user_id: actor.id, image_source: 'storage', form_type: 'ugc' })) form.set(k, v);
  const res = await fetch(`${ctx.worker.url}/webhooks/ugc`, { method: 'POST', headers: { Authorization: `Bearer ${await tokenOf(actor)}` }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: { code: string; message: string }; details?: Record<string, unknown> } };
}

async function preview(actor: Actor, body: Record<string, unknown>) {
  return fetch(`${ctx.worker.url}/previews/ugc`, { method: 'POST', headers: { Authorization: `Bearer ${await tokenOf(actor)}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

describe('UGC videos', { timeout: 180_000 }, () => {
  it('renders a voiced, captioned 1080×1920 ad for 5 credits, stored in videos/{user}/UGC and listed as a UGC video', async () => {
    const me = await newActor();
    const job = await startJob(me.db, 'ugc', { preset: 'default', title: product.name, product, script, source_path: await uploadPhotos(me) });
    expect(job.cost).toBe(5);
    const res = await render(me, job.job_id);
    expect(res).toMatchObject({ status: 200, body: { media: 'video', mime_type: 'video/mp4', width: 1080, height: 1920 } });
    expect(res.body.duration_seconds as number).toBeGreaterThan(5);
    expect(res.body.details).toMatchObject({ hook: 'problem', aspect: '9:16' });
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 0, ledger: 0 });

    const file = path.join(dir, 'ad.mp4');
    await writeFile(file, Buffer.from(await (await fetch(res.body.url as string)).arrayBuffer()));
    const probe = await probeMedia(file);
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(Number(probe.format.duration)).toBeCloseTo(res.body.duration_seconds as number, 0);

    const { rows } = await ctx.su.query('select style, status, video_path, credits_used from public.videos where id = $1', [job.job_id]);
    expect(rows[0]).toEqual({ style: 'ugc_video', status: 'completed', video_path: `${me.id}/UGC/${job.job_id}.mp4`, credits_used: 5 });
    const { data: listing } = await me.db.rpc('list_content', { content_type: 'ugc_video' });
    expect(listing).toMatchObject({ items: [{ content_type: 'ugc_video', product_name: 'Arctic Flask', bucket: 'videos' }] });
  });

  it('previews for free, low resolution, and only from the caller\'s own photos', async () => {
    const me = await newActor();
    const other = await newActor();
    const folder = await uploadPhotos(me);
    const res = await preview(me, { source_path: folder, product, script });
    expect([res.status, res.headers.get('content-type'), res.headers.get('x-previews-remaining')]).toEqual([200, 'video/mp4', '19']);
    const file = path.join(dir, 'preview.mp4');
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    const video = (await probeMedia(file)).streams.find((s) => s.codec_type === 'video')!;
    expect([video.width, video.height]).toEqual([270, 480]);
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 5, ledger: 5 });

    const stolen = await preview(other, { source_path: folder, product, script });
    expect(stolen.status).toBe(400);
    expect(((await stolen.json()) as { error: { code: string } }).error.code).toBe('missing_image');
  });

  it('stops free previews at 20 an hour', async () => {
    const me = await newActor();
    // This hour's window already holds 20 previews (the window check_rate_limit counts in).
    await ctx.su.query(`insert into public.rate_limits (user_id, endpoint, window_start, request_count) values ($1, 'ugc_preview', to_timestamp(floor(extract(epoch from now()) / 3600) * 3600), 20)`, [me.id]);
    const res = await preview(me, { source_path: await uploadPhotos(me), product, script });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/20 free previews this hour/);
  });

  it('takes only the voices it offers: an unknown voice is refused before a preview is counted, and a render stored with one is refunded', async () => {
    const me = await newActor();
    const folder = await uploadPhotos(me);
    const res = await preview(me, { source_path: folder, product, script, voice: 'robot; rm -rf /' });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_options');
    const counted = await ctx.su.query(`select coalesce(sum(request_count), 0)::int as n from public.rate_limits where user_id = $1 and endpoint = 'ugc_preview'`, [me.id]);
    expect(counted.rows[0].n).toBe(0);
    const job = await startJob(me.db, 'ugc', { preset: 'default', title: product.name, product, script, voice: '../../etc/passwd', source_path: folder });
    expect(await render(me, job.job_id)).toMatchObject({ status: 422, body: { error: { code: 'invalid_options' }, refunded: 5 } });
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 5, ledger: 5 });
  });

  it('refuses a script it cannot speak and refunds the 5 credits', async () => {
    const me = await newActor();
    const bad = { ...script, scenes: [{ kind: 'hook', text: '', photo: 0 }] };
    const job = await startJob(me.db, 'ugc', { preset: 'default', title: product.name, product, script: bad, source_path: await uploadPhotos(me) });
    const res = await render(me, job.job_id);
    expect(res).toMatchObject({ status: 422, body: { error: { code: 'invalid_options' }, refunded: 5 } });
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 5, ledger: 5 });
  });
});
