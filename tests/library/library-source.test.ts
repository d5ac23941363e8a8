/**
 * A library image as a studio's input (library-source): copied inside storage into the caller's
 * raw-uploads, then read by the studio like an upload. Only the caller's own images, only into the
 * caller's own folder, only under the file's real type; a refused call writes nothing.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newActor, setBalance, startJob, type Actor } from '../data/support.js';
import { pgClient, serviceClient } from '../helpers/clients.js';
import { tokenOf, useWorker } from '../helpers/worker.js';
import { callFunction, jpeg, libraryItem, png } from '../social/support.js';

const ctx = useWorker();
let su: pg.Client;
beforeAll(async () => {
  su = await pgClient();
});
afterAll(async () => {
  await su.end();
});

const copy = (actor: Actor, items: unknown) => callFunction(actor, 'library-source', { items });

/** Every object in the actor's raw-uploads folder (recursively, through the service role). */
async function rawUploads(actor: Actor): Promise<string[]> {
  const { rows } = await su.query<{ name: string }>(`select name from storage.objects where bucket_id = 'raw-uploads' and name like $1 order by name`, [`${actor.id}/%`]);
  return rows.map((r) => r.name);
}

describe('library-source', { timeout: 60_000 }, () => {
  it("copies the caller's library image into their raw-uploads, byte for byte, and a studio reads it there", async () => {
    const me = await newActor();
    await setBalance(su, me.id, 10);
    const bytes = await jpeg(320, 240);
    const id = await libraryItem(su, me, bytes, 'image/jpeg', { width: 320, height: 240 });
    const path = `${me.id}/refine_image/${randomUUID()}_${Date.now()}.jpg`;

    const res = await copy(me, [{ id, path }]);
    expect(res).toMatchObject({ status: 200, body: { items: [{ id, path, mime_type: 'image/jpeg', bytes: bytes.length }] } });
    const { data } = await me.db.storage.from('raw-uploads').download(path);
    expect(Buffer.from(await data!.arrayBuffer()).equals(bytes)).toBe(true);

    // The studio takes it as its source exactly as it would an upload.
    const job = await startJob(me.db, 'refine_image', { preset: 'general', title: 'General Enhancement', source_path: path });
    const form = new FormData();
    for (const [k, v] of Object.entries({ job_id: job.job_id, user_id: me.id, image_source: 'storage' })) form.set(k, v);
    const run = await fetch(`${ctx.worker.url}/webhooks/refine`, { method: 'POST', headers: { Authorization: `Bearer ${await tokenOf(me)}` }, body: form });
    expect(run.status).toBe(200);
    expect(await run.json()).toMatchObject({ status: 'completed', width: 320, height: 240 });
  });

  it("answers another user's item as a missing one and writes nothing", async () => {
    const owner = await newActor();
    const intruder = await newActor();
    const id = await libraryItem(su, owner, await jpeg(64, 64), 'image/jpeg', { width: 64, height: 64 });
    const res = await copy(intruder, [{ id, path: `${intruder.id}/lightbox/${randomUUID()}.jpg` }]);
    expect(res).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect(await rawUploads(intruder)).toEqual([]);
    // Nor can the owner's file be written into the intruder's folder through a guessed id.
    expect((await copy(intruder, [{ id: randomUUID(), path: `${intruder.id}/lightbox/x.jpg` }])).status).toBe(404);
  });

  it("refuses a destination outside the caller's folder, a disguised one, a folder, or one of another type", async () => {
    const me = await newActor();
    const victim = await newActor();
    const id = await libraryItem(su, me, await png(48, 48), 'image/png', { width: 48, height: 48 });
    for (const path of [`${victim.id}/lightbox/a.png`, `${me.id}/%2e%2e/${victim.id}/a.png`, `${me.id}/../${victim.id}/a.png`, `${me.id}/lightbox/`, 'a.png', `${me.id}`, 42]) {
      expect(await copy(me, [{ id, path }]), String(path)).toMatchObject({ status: 400, body: { code: 'invalid_path' } });
    }
    // A PNG must keep a PNG's name: the studio trusts the extension no more than the bytes.
    expect(await copy(me, [{ id, path: `${me.id}/lightbox/a.jpg` }])).toMatchObject({ status: 400, body: { code: 'invalid_path' } });
    expect(await rawUploads(me)).toEqual([]);
    expect(await rawUploads(victim)).toEqual([]);
  });

  it("refuses a video and a competitor's ad analysis: neither is a studio's input", async () => {
    const me = await newActor();
    const video = await libraryItem(su, me, Buffer.from('not really a video'), 'video/mp4', { width: 1080, height: 1920 });
    expect(await copy(me, [{ id: video, path: `${me.id}/lightbox/v.jpg` }])).toMatchObject({ status: 415, body: { code: 'not_an_input' } });
    const analysis = await libraryItem(su, me, await jpeg(64, 64), 'image/jpeg', { width: 64, height: 64 });
    await su.query(`update public.content_generations set content_type = 'ad_analysis' where id = $1`, [analysis]);
    expect(await copy(me, [{ id: analysis, path: `${me.id}/lightbox/a.jpg` }])).toMatchObject({ status: 415, body: { code: 'not_an_input', error: expect.stringMatching(/competitor/) } });
    expect(await rawUploads(me)).toEqual([]);
  });

  it('copies a sequence all or nothing: one bad item in the list writes none of them', async () => {
    const me = await newActor();
    const folder = `${me.id}/spin360/${randomUUID()}/`;
    const good = await Promise.all([0, 1, 2].map(async (i) => libraryItem(su, me, await jpeg(40 + i, 40), 'image/jpeg', { width: 40 + i, height: 40 })));
    const items = good.map((id, i) => ({ id, path: `${folder}00${i}_frame.jpg` }));
    expect((await copy(me, [...items, { id: randomUUID(), path: `${folder}003_frame.jpg` }])).status).toBe(404);
    expect(await rawUploads(me)).toEqual([]);

    expect((await copy(me, items)).status).toBe(200);
    expect(await rawUploads(me)).toEqual(items.map((i) => i.path));
    // The same destination twice is refused before anything is read, and an existing file is not overwritten.
    expect((await copy(me, [items[0], { ...items[1]!, path: items[0]!.path }])).body).toMatchObject({ code: 'invalid_path' });
    expect(await copy(me, [items[0]])).toMatchObject({ status: 409, body: { code: 'already_exists' } });
  });

  it('refuses a call without a session, a malformed body and more than 60 items', async () => {
    const { api_url, anon_key } = inject('devstack');
    const anonymous = await fetch(`${api_url}/functions/v1/library-source`, { method: 'POST', headers: { apikey: anon_key, 'Content-Type': 'application/json' }, body: '{"items":[]}' });
    expect(anonymous.status).toBe(401);
    const me = await newActor();
    for (const items of [undefined, [], [{ id: 'not-a-uuid', path: `${me.id}/a.jpg` }], Array.from({ length: 61 }, () => ({ id: randomUUID(), path: `${me.id}/a.jpg` }))]) {
      expect((await copy(me, items)).status).toBe(400);
    }
  });

  it('refuses a stored file that is not an image, whatever its row says: its bytes decide', async () => {
    const me = await newActor();
    const id = await libraryItem(su, me, await jpeg(32, 32), 'image/jpeg', { width: 32, height: 32 });
    const { rows } = await su.query<{ storage_path: string }>('select storage_path from public.content_generations where id = $1', [id]);
    await serviceClient().storage.from('processed').update(rows[0]!.storage_path, Buffer.from('<svg onload=alert(1)>'), { contentType: 'image/jpeg', upsert: true });
    expect(await copy(me, [{ id, path: `${me.id}/lightbox/x.jpg` }])).toMatchObject({ status: 415, body: { code: 'not_an_input' } });
    expect(await rawUploads(me)).toEqual([]);
  });
});
