/**
 * The 360° spin webhook against a real devstack: a photo sequence or a turntable video from
 * raw-uploads → MP4, loop, poster and frames in the `videos` bucket, 5 credits once, the library's
 * '360_video' row; every bad input refused with its credits back.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { writeTurntableFrames } from '@shotcraft/worker/src/studios/spin360/test-frames.ts';
import { runFfmpeg } from '@shotcraft/worker/src/video/ffmpeg.ts';
import { creditState, newActor, startJob, type Actor } from '../data/support.js';
import { tokenOf, useWorker } from '../helpers/worker.js';

const ctx = useWorker();
let dir: string;
let frames: Buffer[];
let turntable: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'spin-it-'));
  const files = await writeTurntableFrames(path.join(dir, 'frames'), 36, { width: 320, height: 240 });
  frames = await Promise.all(files.map((f) => readFile(f)));
  const video = path.join(dir, 'turntable.mp4');
  await runFfmpeg(['-framerate', '3.6', '-i', path.join(dir, 'frames', '%03d_turn.jpg'), '-r', '15', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', video]);
  turntable = await readFile(video);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** What the studio does: each photo into raw-uploads/{user}/spin360/{upload}/NNN_<name>; the folder is the source. */
async function uploadSequence(actor: Actor, photos: Buffer[]): Promise<string> {
  const folder = `${actor.id}/spin360/${randomUUID()}/`;
  await Promise.all(
    photos.map(async (bytes, i) => {
      const { error } = await actor.db.storage.from('raw-uploads').upload(`${folder}${String(i).padStart(3, '0')}_turn.jpg`, bytes, { contentType: 'image/jpeg' });
      if (error) throw new Error(`upload failed: ${error.message}`);
    }),
  );
  return folder;
}

async function uploadVideo(actor: Actor, bytes: Buffer, contentType = 'video/mp4'): Promise<string> {
  const file = `${actor.id}/spin360/${randomUUID()}_${Date.now()}.mp4`;
  const { error } = await actor.db.storage.from('raw-uploads').upload(file, bytes, { contentType });
  if (error) throw new Error(`upload failed: ${error.message}`);
  return file;
}

async function post(actor: Actor, jobId: string) {
  const form = new FormData();
  const fields = { job_id: jobId, user_id: actor.id, user_email: actor.user.email ?? '', form_type: 'spin360', image_url: '', image_source: 'storage', metadata: '{}', submitted_at: new Date().toISOString() };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const res = await fetch(`${ctx.worker.url}/webhooks/spin360`, { method: 'POST', headers: { Authorization: `Bearer ${await tokenOf(actor)}` }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: { code: string; message: string }; details?: Record<string, unknown> } };
}

const spinOptions = (source_path: string, extra: Record<string, unknown> = {}) => ({ preset: 'default', title: 'Red box', source: 'frames', seconds_per_turn: 4, source_path, ...extra });

describe('POST /webhooks/spin360', { timeout: 120_000 }, () => {
  it('turns 36 photos into a spin for 5 credits: MP4, GIF, poster and frames in videos/{user}/360 Spin', async () => {
    const me = await newActor();
    const job = await startJob(me.db, 'spin360', spinOptions(await uploadSequence(me, frames)));
    expect(job.cost).toBe(5);
    const res = await post(me, job.job_id);
    expect(res).toMatchObject({ status: 200, body: { media: 'video', mime_type: 'video/mp4', width: 1080, height: 1080, duration_seconds: 4 } });
    expect(res.body.details).toMatchObject({ frame_count: 36, video_frames: 120, loop_format: 'gif', direction: 'clockwise', source: 'frames' });
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 0, ledger: 0 });

    const mp4 = await fetch(res.body.url as string);
    expect([mp4.status, mp4.headers.get('content-type')]).toEqual([200, 'video/mp4']);
    const files = res.body.details!.files as Record<string, string>;
    expect(Object.keys(files).filter((k) => k.startsWith('frames/'))).toHaveLength(36);
    expect(files['poster.jpg']).toBe(`${me.id}/360 Spin/${job.job_id}/poster.jpg`);
    // The owner reads every file of the spin; the poster is a real JPEG.
    const { data: poster } = await me.db.storage.from('videos').download(files['poster.jpg']!);
    expect((await sharp(Buffer.from(await poster!.arrayBuffer())).metadata()).format).toBe('jpeg');

    const { rows } = await ctx.su.query('select style, status, video_path, thumbnail_path, credits_used from public.videos where id = $1', [job.job_id]);
    expect(rows[0]).toEqual({ style: '360_video', status: 'completed', video_path: `${me.id}/360 Spin/${job.job_id}.mp4`, thumbnail_path: files['poster.jpg'], credits_used: 5 });
    const { data: listing } = await me.db.rpc('list_content', { content_type: '360_video' });
    expect(listing).toMatchObject({ items: [{ content_type: '360_video', product_name: 'Red box', bucket: 'videos', thumbnail_path: files['poster.jpg'] }], counts: { '360_video': 1 } });
  });

  it('takes evenly spaced frames from a turntable video', async () => {
    const me = await newActor();
    const job = await startJob(me.db, 'spin360', spinOptions(await uploadVideo(me, turntable), { source: 'video', video_frames: 24 }));
    const res = await post(me, job.job_id);
    expect(res).toMatchObject({ status: 200, body: { media: 'video', details: { frame_count: 24, source: 'video' } } });
  });

  it('refuses 7 photos and refunds all 5 credits', async () => {
    const me = await newActor();
    const job = await startJob(me.db, 'spin360', spinOptions(await uploadSequence(me, frames.slice(0, 7))));
    const res = await post(me, job.job_id);
    expect(res).toMatchObject({ status: 422, body: { error: { code: 'invalid_frames' }, refunded: 5 } });
    expect(res.body.error!.message).toContain('at least 8 photos');
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 5, ledger: 5 });
  });

  it('refuses a sequence of mixed orientations, naming the photo that differs', async () => {
    const me = await newActor();
    const portrait = await sharp(frames[0]).rotate(90).jpeg().toBuffer();
    const job = await startJob(me.db, 'spin360', spinOptions(await uploadSequence(me, [...frames.slice(0, 8), portrait])));
    const res = await post(me, job.job_id);
    expect(res).toMatchObject({ status: 422, body: { error: { code: 'invalid_frames' }, refunded: 5 } });
    expect(res.body.error!.message).toMatch(/^Photo 9 \(turn\.jpg\) is portrait/);
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 5, ledger: 5 });
  });

  it('refuses a text file renamed .mp4 and refunds', async () => {
    const me = await newActor();
    const job = await startJob(me.db, 'spin360', spinOptions(await uploadVideo(me, Buffer.from('this is not a video, just text'.repeat(20))), { source: 'video' }));
    const res = await post(me, job.job_id);
    expect(res).toMatchObject({ status: 415, body: { error: { code: 'unsupported_type' }, refunded: 5 } });
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 5, ledger: 5 });
    // Nothing of a refused spin is left in the user's folder.
    expect((await ctx.su.query(`select count(*)::int as n from storage.objects where bucket_id = 'videos' and name like $1`, [`${me.id}/%`])).rows[0].n).toBe(0);
  });

  it('refuses a video over 200 MB at the upload: storage says no, nothing is charged', async () => {
    const me = await newActor();
    const file = `${me.id}/spin360/${randomUUID()}.mp4`;
    const { error } = await me.db.storage.from('raw-uploads').upload(file, Buffer.alloc(250 * 1024 * 1024), { contentType: 'video/mp4' });
    expect(error?.message).toMatch(/exceeded the maximum allowed size/i);
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 5, ledger: 5 });
  });

  it('is deleted from the library with every file it stored (MP4, loop, poster, frames)', async () => {
    const me = await newActor();
    const job = await startJob(me.db, 'spin360', spinOptions(await uploadSequence(me, frames.slice(0, 8))));
    expect((await post(me, job.job_id)).status).toBe(200);
    const count = async () => (await ctx.su.query(`select count(*)::int as n from storage.objects where bucket_id = 'videos' and name like $1`, [`${me.id}/%`])).rows[0].n as number;
    expect(await count()).toBe(11);
    const { data: rows } = await me.db.from('content_generations').select('id');
    const { data, error } = await me.db.functions.invoke('delete-content', { body: { ids: [rows![0]!.id] } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ results: [{ status: 'deleted', file_missing: false }] });
    expect(await count()).toBe(0);
  });

  it('opens for anyone with its share link, signed out, until the owner revokes it', async () => {
    const me = await newActor();
    const stranger = await newActor();
    const job = await startJob(me.db, 'spin360', spinOptions(await uploadSequence(me, frames.slice(0, 8))));
    expect((await post(me, job.job_id)).status).toBe(200);
    const { data: content } = await me.db.from('content_generations').select('id').single();

    // Nobody shares a spin that is not theirs.
    const forged = await stranger.db.from('spin_shares').insert({ content_id: content!.id });
    expect(forged.error).toMatchObject({ code: '42501' });

    const { data: share, error } = await me.db.from('spin_shares').insert({ content_id: content!.id }).select('id, token').single();
    expect(error).toBeNull();
    expect(share!.token).toMatch(/^[0-9a-f]{64}$/);
    const open = (token: string) => fetch(`${inject('devstack').api_url}/functions/v1/spin-share?token=${token}`);

    const res = await open(share!.token);
    const body = (await res.json()) as { title: string; frames: string[]; video_url: string; poster_url: string; loop_url: string };
    expect(res.status).toBe(200);
    expect(body.title).toBe('Red box');
    expect(body.frames).toHaveLength(8);
    const [video, frame] = await Promise.all([fetch(body.video_url), fetch(body.frames[3]!)]);
    expect([video.status, frame.status, frame.headers.get('content-type')]).toEqual([200, 200, 'image/jpeg']);

    expect((await open('0'.repeat(64))).status).toBe(404);
    expect((await open('not-a-token')).status).toBe(404);
    await me.db.from('spin_shares').update({ revoked_at: new Date().toISOString() }).eq('id', share!.id);
    const revoked = await open(share!.token);
    expect([revoked.status, ((await revoked.json()) as { error: string }).error]).toEqual([404, 'This spin is not shared any more, or the link is wrong.']);
  });

  it('leaves no temporary files behind', async () => {
    const left = (await readdir(os.tmpdir())).filter((name) => name.startsWith('shotcraft-spin-'));
    expect(left).toEqual([]);
  });
});
