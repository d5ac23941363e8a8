/**
 * Another user's files through an object name (issue: trust boundaries, item 1). An attacker with
 * their own session names a path that starts with their own folder but that a URL parser turns
 * into someone else's (`%2e%2e`, `.%2e`, `%2E%2E`, `.<TAB>.`, backslashes, empty or dot segments).
 * Every place a client hands the backend an object name refuses it, charges nothing and reads
 * nothing: start_job for each studio, the worker's variations and UGC preview endpoints, the
 * worker's own storage layer (for a job that got such a name some other way), and storage uploads
 * made with the attacker's own session (avatars, raw uploads).
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { isObjectName, objectUrlPath, ownsObject } from '@shotcraft/shared/object-name.ts';
import { TEST_PRODUCT, TEST_SCRIPT } from '@shotcraft/worker/src/studios/ugc/test-ad.ts';
import { creditState, newActor, setBalance, type Actor } from '../data/support.js';
import { tokenOf, useWorker } from '../helpers/worker.js';

const ctx = useWorker();
let victim: Actor;
let attacker: Actor;
let photo: Buffer;
let victimFile: string;

/** Names that start in the attacker's folder and end in the victim's, once a URL parser has them. */
const escapes = (me: string, target: string) => [
  `${me}/%2e%2e/%2e%2e/raw-uploads/${target}`,
  `${me}/%2e%2e/${target.slice(target.indexOf('/') + 1)}`,
  `${me}/.%2e/${target}`,
  `${me}/%2E%2E/${target}`,
  `${me}/%2e./${target}`,
  `${me}/.\t./${target}`,
  `${me}/..\\${target}`,
  `${me}/../${target}`,
  `${me}//${target}`,
  `${me}/./${target}`,
  `${me}/a%2fb/${target}`,
  `${me}/x\n/${target}`,
];

beforeAll(async () => {
  [victim, attacker] = await Promise.all([newActor(), newActor()]);
  await Promise.all([setBalance(ctx.su, attacker.id, 50), setBalance(ctx.su, victim.id, 50)]);
  photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c0392b' } }).png().toBuffer();
  victimFile = `${victim.id}/refine/${randomUUID()}.png`;
  const { error } = await victim.db.storage.from('raw-uploads').upload(victimFile, photo, { contentType: 'image/png' });
  if (error) throw new Error(error.message);
});

describe('the object-name rule', () => {
  it('takes the names the app makes and refuses anything a URL could turn into another path', () => {
    const me = randomUUID();
    for (const ok of [`${me}/refine/${randomUUID()}_1764000000000.jpg`, `${me}/spin360/${randomUUID()}/003_IMG_0042.jpg`, `${me}/ugc/${randomUUID()}/`, `${me}/360 Spin/${randomUUID()}/frames/000.jpg`]) {
      expect(ownsObject(ok, me), ok).toBe(true);
    }
    for (const bad of [...escapes(me, `${randomUUID()}/x.png`), `${me}/`, me, `${me}/a%20b.png`, `${me}/é.png`, `${me}/a?b`, `${me}/a#b`, `${me}/a.jpg `, `${me}/ a.jpg`, `${me}/x/.. `, `${me}/x /y`, '']) {
      expect(ownsObject(bad, me), JSON.stringify(bad)).toBe(false);
    }
    expect(ownsObject(`${randomUUID()}/x.png`, me)).toBe(false);
    expect(isObjectName('a'.repeat(1025))).toBe(false);
    expect(objectUrlPath(`${me}/360 Spin/a.mp4`)).toBe(`${me}/360%20Spin/a.mp4`);
  });

  it('is the same rule in SQL as in TypeScript', async () => {
    const me = randomUUID();
    const names = [`${me}/refine/a.jpg`, `${me}/ugc/x/`, `${me}/360 Spin/a.mp4`, ...escapes(me, `${randomUUID()}/x.png`), `${me}/`, `${me}/a%20b`, `${me}/é`, `${me}/a.jpg `, `${me}/ a`, `${me}/x /y`, ''];
    const { rows } = await ctx.su.query<{ name: string; ok: boolean }>('select n as name, private.owns_object(n, $1::uuid) as ok from unnest($2::text[]) n', [me, names]);
    expect(rows.map((r) => [r.name, r.ok])).toEqual(names.map((n) => [n, ownsObject(n, me)]));
  });
});

describe('start_job refuses a source outside the caller\'s folder, and charges nothing', () => {
  const studios: [string, Record<string, unknown>][] = [
    ['refine_image', { preset: 'ai_enhancement' }],
    ['lightbox', { preset: 'default' }],
    ['spin360', { preset: 'default', source: 'frames' }],
    ['ugc', { preset: 'default', title: 'Flask', product: TEST_PRODUCT, script: TEST_SCRIPT }],
    ['competitor_ad', { preset: 'default', title: 'An ad' }],
  ];
  it.each(studios)('%s', async (studio, options) => {
    const before = await creditState(ctx.su, attacker.id);
    for (const source_path of escapes(attacker.id, victimFile)) {
      const { data, error } = await attacker.db.rpc('start_job', { studio, options: { ...options, source_path } });
      expect(data, JSON.stringify(source_path)).toBeNull();
      expect(error, JSON.stringify(source_path)).toMatchObject({ code: '42501', details: 'forbidden_source' });
    }
    expect(await creditState(ctx.su, attacker.id)).toEqual(before);
  });
});

describe('photo originals keep their own limit on the server', () => {
  it('start_job refuses an image over 50 MB in raw-uploads (which takes 200 MB for videos), alone or in a folder, before charging', async () => {
    const one = `${attacker.id}/lightbox/${randomUUID()}.png`;
    const folder = `${attacker.id}/spin360/${randomUUID()}/`;
    for (const name of [one, `${folder}000_a.png`]) {
      const { error } = await attacker.db.storage.from('raw-uploads').upload(name, photo, { contentType: 'image/png' });
      if (error) throw new Error(error.message);
    }
    // As if 60 MB had been uploaded (the bucket's own limit is 200 MB).
    await ctx.su.query(`update storage.objects set metadata = jsonb_set(metadata, '{size}', to_jsonb(62914560)) where bucket_id = 'raw-uploads' and name = any($1::text[])`, [[one, `${folder}000_a.png`]]);
    const before = await creditState(ctx.su, attacker.id);
    for (const [studio, source_path] of [['lightbox', one], ['spin360', folder]] as const) {
      const { error } = await attacker.db.rpc('start_job', { studio, options: { preset: 'default', source_path } });
      expect(error, studio).toMatchObject({ code: '22023', details: 'file_too_large', message: 'Photos can be at most 50 MB' });
    }
    expect(await creditState(ctx.su, attacker.id)).toEqual(before);
  });
});

describe('the worker', () => {
  it('never signs or reads a bad name, even for a job that holds one (a refund, and the victim\'s file untouched)', async () => {
    // A job that got such a name some other way (written before the rule existed, say): a good
    // name at start_job, changed by the superuser.
    const bad = `${attacker.id}/%2e%2e/%2e%2e/raw-uploads/${victimFile}`;
    const { data, error } = await attacker.db.rpc('start_job', { studio: 'refine_image', options: { preset: 'ai_enhancement', source_path: `${attacker.id}/refine/${randomUUID()}.png` } });
    if (error) throw new Error(error.message);
    const jobId = (data as { job_id: string }).job_id;
    await ctx.su.query('update public.image_jobs set orig_path = $2 where id = $1', [jobId, bad]);
    const form = new FormData();
    for (const [k, v] of Object.entries({ job_id: jobId, user_id: attacker.id, image_source: 'storage', form_type: 'refine' })) form.set(k, v);
    const res = await fetch(`${ctx.worker.url}/webhooks/refine`, { method: 'POST', headers: { Authorization: `Bearer ${await tokenOf(attacker)}` }, body: form });
    const body = (await res.json()) as { error?: { code: string }; refunded?: number };
    expect(res.status).toBe(403);
    expect(body.error?.code).toBe('job_forbidden');
    const { rows: job } = await ctx.su.query('select status, processed_path from public.image_jobs where id = $1', [jobId]);
    expect(job[0]).toEqual({ status: 'failed', processed_path: null });
    const { rows: copies } = await ctx.su.query(`select name from storage.objects where bucket_id = 'processed' and name like $1`, [`${attacker.id}/%`]);
    expect(copies).toEqual([]);
  });

  it('refuses a variation whose product photo is named outside the caller\'s folder', async () => {
    for (const product_path of escapes(attacker.id, victimFile)) {
      const res = await fetch(`${ctx.worker.url}/ads/variations`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await tokenOf(attacker)}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ job_id: randomUUID(), product_path, headline: 'Mine now', offer: '', cta: 'Shop Now', placements: ['feed_square'], count: 3 }),
      });
      expect(res.status, JSON.stringify(product_path)).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('job_forbidden');
    }
  });

  it('refuses a UGC preview of a folder named outside the caller\'s own', async () => {
    const victimFolder = `${victim.id}/ugc/${randomUUID()}/`;
    await victim.db.storage.from('raw-uploads').upload(`${victimFolder}000_photo.png`, photo, { contentType: 'image/png' });
    for (const source_path of escapes(attacker.id, victimFolder).map((p) => (p.endsWith('/') ? p : `${p}/`))) {
      const res = await fetch(`${ctx.worker.url}/previews/ugc`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await tokenOf(attacker)}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ source_path, product: TEST_PRODUCT, script: TEST_SCRIPT }),
      });
      expect(res.status, JSON.stringify(source_path)).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('content-type')).not.toBe('video/mp4');
    }
  });
});

describe('storage with the attacker\'s own session', () => {
  it.each(['avatars', 'raw-uploads'])('puts nothing into the victim\'s folder of %s, whatever the name', async (bucket) => {
    for (const name of escapes(attacker.id, `${victim.id}/planted.png`)) {
      await attacker.db.storage.from(bucket).upload(name, photo, { contentType: 'image/png', upsert: true });
    }
    const { rows } = await ctx.su.query(`select name from storage.objects where bucket_id = $1 and name like $2`, [bucket, `${victim.id}/planted%`]);
    expect(rows).toEqual([]);
  });
});

describe('originals are bounded', () => {
  it('an upload is refused once a user\'s originals that no studio used reach 5 GB, whichever way it is written; used ones do not count', async () => {
    const heavy = await newActor();
    const first = `${heavy.id}/refine/${randomUUID()}.png`;
    expect((await heavy.db.storage.from('raw-uploads').upload(first, photo, { contentType: 'image/png' })).error).toBeNull();
    await ctx.su.query(`update storage.objects set metadata = jsonb_set(metadata, '{size}', to_jsonb(5368709120::bigint)) where bucket_id = 'raw-uploads' and name = $1`, [first]);
    const next = () => `${heavy.id}/refine/${randomUUID()}.png`;
    expect((await heavy.db.storage.from('raw-uploads').upload(next(), photo, { contentType: 'image/png' })).error).not.toBeNull();
    // A signed upload URL, made while under the limit or not, is checked when the file arrives.
    const signed = await heavy.db.storage.from('raw-uploads').createSignedUploadUrl(next());
    if (!signed.error) expect((await heavy.db.storage.from('raw-uploads').uploadToSignedUrl(signed.data.path, signed.data.token, photo, { contentType: 'image/png' })).error).not.toBeNull();
    // Used by a job, the big original no longer counts.
    await setBalance(ctx.su, heavy.id, 10);
    expect((await heavy.db.rpc('start_job', { studio: 'refine_image', options: { preset: 'ai_enhancement', source_path: first } })).error).toMatchObject({ details: 'file_too_large' });
    await ctx.su.query(`update storage.objects set metadata = jsonb_set(metadata, '{size}', to_jsonb(1000)) where bucket_id = 'raw-uploads' and name = $1`, [first]);
    expect((await heavy.db.rpc('start_job', { studio: 'refine_image', options: { preset: 'ai_enhancement', source_path: first } })).error).toBeNull();
    await ctx.su.query(`update storage.objects set metadata = jsonb_set(metadata, '{size}', to_jsonb(5368709120::bigint)) where bucket_id = 'raw-uploads' and name = $1`, [first]);
    expect((await heavy.db.storage.from('raw-uploads').upload(next(), photo, { contentType: 'image/png' })).error).toBeNull();
  });

  it('start_job refuses any original over 50 MB whatever type its uploader gave it; a spin\'s turntable video may be bigger', async () => {
    const me = await newActor();
    await setBalance(ctx.su, me.id, 20);
    const disguised = `${me.id}/lightbox/${randomUUID()}.mp4`;
    const video = `${me.id}/spin360/${randomUUID()}.mp4`;
    for (const name of [disguised, video]) await ctx.su.query(
      `insert into storage.objects (bucket_id, name, owner, metadata) values ('raw-uploads', $1, $2, jsonb_build_object('size', 104857600, 'mimetype', 'video/mp4'))`,
      [name, me.id],
    );
    expect((await me.db.rpc('start_job', { studio: 'lightbox', options: { preset: 'default', source_path: disguised } })).error).toMatchObject({ details: 'file_too_large' });
    expect((await me.db.rpc('start_job', { studio: 'spin360', options: { preset: 'default', source: 'video', source_path: video } })).error).toBeNull();
  });

  it('originals no job used are removed 30 days after upload; a job\'s own original (or folder) stays', async () => {
    const owner = await newActor();
    const unused = `${owner.id}/refine/${randomUUID()}.png`;
    const used = `${owner.id}/refine/${randomUUID()}.png`;
    const folder = `${owner.id}/spin360/${randomUUID()}/`;
    for (const name of [unused, used, `${folder}000_a.png`]) await owner.db.storage.from('raw-uploads').upload(name, photo, { contentType: 'image/png' });
    await setBalance(ctx.su, owner.id, 20);
    for (const [studio, source_path] of [['refine_image', used], ['spin360', folder]] as const) {
      const { error } = await owner.db.rpc('start_job', { studio, options: { preset: studio === 'refine_image' ? 'ai_enhancement' : 'default', source_path } });
      expect(error).toBeNull();
    }
    const { api_url, service_role_key } = inject('devstack');
    const sweep = () => fetch(`${api_url}/functions/v1/sweep-uploads`, { method: 'POST', headers: { Authorization: `Bearer ${service_role_key}`, 'Content-Type': 'application/json' }, body: '{}' });
    const left = async () => (await ctx.su.query<{ name: string }>(`select name from storage.objects where bucket_id = 'raw-uploads' and starts_with(name, $1)`, [`${owner.id}/`])).rows.map((r) => r.name).sort();
    await ctx.su.query(`update storage.objects set created_at = now() - interval '20 days' where bucket_id = 'raw-uploads' and starts_with(name, $1)`, [`${owner.id}/`]);
    expect((await sweep()).status).toBe(200);
    expect(await left()).toEqual([unused, used, `${folder}000_a.png`].sort());
    await ctx.su.query(`update storage.objects set created_at = now() - interval '31 days' where bucket_id = 'raw-uploads' and starts_with(name, $1)`, [`${owner.id}/`]);
    expect((await sweep()).status).toBe(200);
    expect(await left()).toEqual([used, `${folder}000_a.png`].sort());
    // Only the scheduler may call it.
    expect((await fetch(`${api_url}/functions/v1/sweep-uploads`, { method: 'POST', headers: { Authorization: `Bearer ${await tokenOf(owner)}`, 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(401);
  });
});
