/**
 * The storage matrix (docs/architecture.md §4–5): every bucket × anon / another user / the owner ×
 * upload / read (download, list, sign) / overwrite / remove, plus the bucket size and MIME rules.
 * User media lives under {user_id}/…; only raw-uploads is written by the browser, only the
 * carousel is public. Storage errors carry the logical status in `statusCode`.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, pgClient, serviceClient } from '../helpers/clients.js';
import { newActor, type Actor } from './support.js';

type Trio = [boolean, boolean, boolean]; // [anon, another user, the owner]
interface BucketSpec {
  id: string;
  mime: string;
  ext: string;
  /** Whose folder the fixture lives in; the carousel is shared marketing media. */
  perUser: boolean;
  upload: Trio;
  read: Trio;
  overwrite: Trio;
  remove: Trio;
}

const none: Trio = [false, false, false];
const ownerOnly: Trio = [false, false, true];
const everyone: Trio = [true, true, true];
const buckets: BucketSpec[] = [
  { id: 'raw-uploads', mime: 'image/png', ext: 'png', perUser: true, upload: ownerOnly, read: ownerOnly, overwrite: ownerOnly, remove: ownerOnly },
  { id: 'processed', mime: 'image/png', ext: 'png', perUser: true, upload: none, read: ownerOnly, overwrite: none, remove: none },
  { id: 'videos', mime: 'video/mp4', ext: 'mp4', perUser: true, upload: none, read: ownerOnly, overwrite: none, remove: none },
  { id: 'thumbnails', mime: 'image/jpeg', ext: 'jpg', perUser: true, upload: none, read: ownerOnly, overwrite: none, remove: none },
  { id: 'carousel', mime: 'video/mp4', ext: 'mp4', perUser: false, upload: none, read: everyone, overwrite: none, remove: none },
];

let su: pg.Client;
let owner: Actor;
let other: Actor;
const service = serviceClient();
const actors = ['anon', 'another user', 'the owner'] as const;
const clientFor = (who: number): SupabaseClient => [anonClient(), other.db, owner.db][who];
const bytes = (tag: string, mime: string) => new Blob([`${mime}:${tag}`], { type: mime });
const folder = (b: BucketSpec) => (b.perUser ? owner.id : `promo-${randomUUID().slice(0, 8)}`);

async function objectRow(bucket: string, name: string): Promise<{ size: number; owner: string | null } | null> {
  const { rows } = await su.query(
    `select (metadata->>'size')::int as size, owner_id as owner from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  );
  return rows[0] ?? null;
}

/** A file in the owner's folder, written the way the product writes it (browser or worker). */
async function fixture(b: BucketSpec, dir: string): Promise<string> {
  const name = `${dir}/${randomUUID()}.${b.ext}`;
  const writer = b.upload[2] ? owner.db : service;
  const { error } = await writer.storage.from(b.id).upload(name, bytes('original', b.mime), { contentType: b.mime });
  if (error) throw new Error(`fixture ${b.id}/${name}: ${error.message}`);
  return name;
}

beforeAll(async () => {
  su = await pgClient();
  [owner, other] = await Promise.all([newActor(), newActor()]);
});
afterAll(async () => {
  await su.end();
});

for (const b of buckets) {
  describe(`bucket ${b.id}`, () => {
    let dir: string;
    let file: string;
    beforeAll(async () => {
      dir = folder(b);
      file = await fixture(b, dir);
    });

    b.upload.forEach((allowed, who) => {
      it(`${actors[who]} ${allowed ? 'may upload' : 'cannot upload'} into the owner's folder`, async () => {
        const name = `${dir}/new-${randomUUID()}.${b.ext}`;
        const res = await clientFor(who).storage.from(b.id).upload(name, bytes('new', b.mime), { contentType: b.mime });
        if (allowed) expect(res.error).toBeNull();
        else expect(res.error).toMatchObject({ statusCode: '403' });
        expect(await objectRow(b.id, name)).toEqual(allowed ? expect.anything() : null);
      });
    });

    b.read.forEach((allowed, who) => {
      it(`${actors[who]} ${allowed ? 'may' : 'cannot'} download, list or sign the owner's file`, async () => {
        const store = clientFor(who).storage.from(b.id);
        const dl = await store.download(file);
        const list = await store.list(dir);
        const signed = await store.createSignedUrl(file, 60);
        if (!allowed) {
          expect(dl.error).toMatchObject({ statusCode: '404' });
          expect(list).toEqual({ data: [], error: null });
          expect(signed.error).toMatchObject({ statusCode: '404' });
          return;
        }
        expect(dl.error).toBeNull();
        expect(await dl.data!.text()).toBe(`${b.mime}:original`);
        expect(list.data!.map((o) => `${dir}/${o.name}`)).toContain(file);
        expect(signed.error).toBeNull();
        const res = await fetch(signed.data!.signedUrl);
        expect(res.status).toBe(200);
        expect(await res.text()).toBe(`${b.mime}:original`);
      });
    });

    it(`${b.id === 'carousel' ? 'has' : 'has no'} working public URL`, async () => {
      const res = await fetch(anonClient().storage.from(b.id).getPublicUrl(file).data.publicUrl);
      expect(res.status === 200).toBe(b.id === 'carousel');
      if (res.status === 200) expect(await res.text()).toBe(`${b.mime}:original`);
    });

    b.overwrite.forEach((allowed, who) => {
      it(`${actors[who]} ${allowed ? 'may overwrite' : 'cannot overwrite'} the owner's file`, async () => {
        const target = await fixture(b, dir);
        const res = await clientFor(who).storage.from(b.id).upload(target, bytes('overwritten!', b.mime), { contentType: b.mime, upsert: true });
        const { data } = await service.storage.from(b.id).download(target);
        if (allowed) {
          expect(res.error).toBeNull();
          expect(await data!.text()).toBe(`${b.mime}:overwritten!`);
        } else {
          expect(res.error).toMatchObject({ statusCode: '403' });
          expect(await data!.text()).toBe(`${b.mime}:original`);
        }
      });
    });

    b.remove.forEach((allowed, who) => {
      it(`${actors[who]} ${allowed ? 'may remove' : 'cannot remove'} the owner's file`, async () => {
        const target = await fixture(b, dir);
        const res = await clientFor(who).storage.from(b.id).remove([target]);
        expect(res.error).toBeNull();
        expect(res.data).toHaveLength(allowed ? 1 : 0);
        expect(await objectRow(b.id, target)).toEqual(allowed ? null : expect.anything());
      });
    });

    it('the service role writes, overwrites and removes any file', async () => {
      const name = `${dir}/svc-${randomUUID()}.${b.ext}`;
      const store = service.storage.from(b.id);
      expect((await store.upload(name, bytes('a', b.mime), { contentType: b.mime })).error).toBeNull();
      expect((await store.upload(name, bytes('b', b.mime), { contentType: b.mime, upsert: true })).error).toBeNull();
      expect((await store.remove([name])).data).toHaveLength(1);
      expect(await objectRow(b.id, name)).toBeNull();
    });
  });
}

describe('raw-uploads folder rules', () => {
  it.each([
    ['the bucket root', () => `loose-${randomUUID()}.png`],
    ['another user\'s folder', () => `${other.id}/lightbox/${randomUUID()}.png`],
    ['a path climbing out of their folder', () => `${owner.id}/../${other.id}/${randomUUID()}.png`],
  ])('the owner cannot upload into %s', async (_where, name) => {
    const res = await owner.db.storage.from('raw-uploads').upload(name(), bytes('x', 'image/png'), { contentType: 'image/png' });
    expect(res.error).toMatchObject({ statusCode: '403' });
  });

  it('the owner cannot move or copy an original into another user\'s folder', async () => {
    const file = await fixture(buckets[0], owner.id);
    const to = `${other.id}/stolen-${randomUUID()}.png`;
    expect((await owner.db.storage.from('raw-uploads').move(file, to)).error).toMatchObject({ statusCode: '403' });
    expect((await owner.db.storage.from('raw-uploads').copy(file, to)).error).toMatchObject({ statusCode: '403' });
    expect(await objectRow('raw-uploads', to)).toBeNull();
    expect(await objectRow('raw-uploads', file)).not.toBeNull();
  });
});

describe('bucket limits', () => {
  const max = 50 * 1024 * 1024;
  // Originals may be turntable videos of up to 200 MB (the project's cap in config.toml as well);
  // photos keep their 50 MB limit in the app and the worker.
  it('raw-uploads refuses a file one byte over 200 MB with 413', async () => {
    const tooBig = `${owner.id}/huge-${randomUUID()}.mp4`;
    const res = await owner.db.storage.from('raw-uploads').upload(tooBig, new Blob([new Uint8Array(200 * 1024 * 1024 + 1)], { type: 'video/mp4' }), { contentType: 'video/mp4' });
    expect(res.error).toMatchObject({ statusCode: '413' });
    expect(await objectRow('raw-uploads', tooBig)).toBeNull();
  });

  it('raw-uploads takes a file of exactly 50 MB (the limit is inclusive, as on hosted storage)', async () => {
    const fits = `${owner.id}/big-${randomUUID()}.png`;
    const res = await owner.db.storage.from('raw-uploads').upload(fits, new Blob([new Uint8Array(max)], { type: 'image/png' }), { contentType: 'image/png' });
    expect(res.error).toBeNull();
    expect(await objectRow('raw-uploads', fits)).toMatchObject({ size: max });
  });

  it('thumbnails refuses more than 10 MB even from the service role', async () => {
    const name = `${owner.id}/thumb-${randomUUID()}.jpg`;
    const res = await service.storage.from('thumbnails').upload(name, new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: 'image/jpeg' }), { contentType: 'image/jpeg' });
    expect(res.error).toMatchObject({ statusCode: '413' });
  });

  it.each([
    ['raw-uploads', 'image/svg+xml'], ['raw-uploads', 'audio/mpeg'], ['raw-uploads', 'text/html'], ['raw-uploads', 'application/octet-stream'],
    ['processed', 'text/html'], ['videos', 'application/pdf'], ['thumbnails', 'video/mp4'], ['carousel', 'image/gif'],
  ])('%s refuses %s with 415', async (bucket, mime) => {
    const name = `${owner.id}/${randomUUID()}.bin`;
    const uploader = bucket === 'raw-uploads' ? owner.db : service;
    const res = await uploader.storage.from(bucket).upload(name, new Blob(['<svg onload=alert(1)>'], { type: mime }), { contentType: mime });
    expect(res.error).toMatchObject({ statusCode: '415' });
    expect(await objectRow(bucket, name)).toBeNull();
  });

  it.each([['raw-uploads', 'image/webp'], ['raw-uploads', 'video/mp4'], ['processed', 'application/zip'], ['videos', 'video/quicktime'], ['carousel', 'video/webm']])(
    '%s accepts %s',
    async (bucket, mime) => {
      const name = `${owner.id}/${randomUUID()}.bin`;
      const uploader = bucket === 'raw-uploads' ? owner.db : service;
      expect((await uploader.storage.from(bucket).upload(name, new Blob(['ok'], { type: mime }), { contentType: mime })).error).toBeNull();
    },
  );
});
