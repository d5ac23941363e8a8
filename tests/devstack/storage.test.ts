/**
 * Storage contract: what supabase-js's storage client sees from /storage/v1, with the project's
 * RLS policies on storage.objects deciding every access, as on hosted Supabase.
 * Errors come back like storage-api sends them: HTTP 400 with the logical status in `statusCode`.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { anonClient, createUser, pgClient, serviceClient, signIn, type TestUser } from '../helpers/clients.js';

const tag = randomUUID().slice(0, 8);
const PRIVATE = `st-private-${tag}`;
const PUBLIC = `st-public-${tag}`;

let owner: TestUser;
let ownerClient: SupabaseClient;
let otherClient: SupabaseClient;
let anon: SupabaseClient;
let service: SupabaseClient;

const api = () => inject('devstack').api_url;
const storageDir = () => path.join(inject('devstackDir'), 'storage');
const text = (s: string) => new Blob([s], { type: 'text/plain' });
const mine = (name: string) => `${owner.id}/${name}`;

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366ff' } }).png().toBuffer();
}

async function rowCount(bucket: string, name?: string): Promise<number> {
  const db = await pgClient();
  try {
    const { rows } = name
      ? await db.query('select count(*)::int as n from storage.objects where bucket_id = $1 and name = $2', [bucket, name])
      : await db.query('select count(*)::int as n from storage.objects where bucket_id = $1', [bucket]);
    return rows[0].n as number;
  } finally {
    await db.end();
  }
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => path.join(d.parentPath, d.name));
}

beforeAll(async () => {
  const db = await pgClient();
  try {
    await db.query('insert into storage.buckets (id, name, public) values ($1, $1, false)', [PRIVATE]);
    await db.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
       values ($1, $1, true, 1048576, '{image/*}')`,
      [PUBLIC],
    );
    // Per-user folders in the private bucket: the first path segment must be the caller's id.
    const own = `bucket_id = '${PRIVATE}' and (storage.foldername(name))[1] = auth.uid()::text`;
    await db.query(`
      create policy "${PRIVATE} read own" on storage.objects for select to authenticated using (${own});
      create policy "${PRIVATE} add own" on storage.objects for insert to authenticated with check (${own});
      create policy "${PRIVATE} change own" on storage.objects for update to authenticated using (${own}) with check (${own});
      create policy "${PRIVATE} remove own" on storage.objects for delete to authenticated using (${own});
    `);
  } finally {
    await db.end();
  }
  owner = await createUser();
  const other = await createUser();
  ownerClient = await signIn(owner.email, owner.password);
  otherClient = await signIn(other.email, other.password);
  anon = anonClient();
  service = serviceClient();
});

afterAll(async () => {
  const db = await pgClient();
  try {
    for (const p of ['read own', 'add own', 'change own', 'remove own']) await db.query(`drop policy if exists "${PRIVATE} ${p}" on storage.objects`);
  } finally {
    await db.end();
  }
});

describe('owner in a private bucket with per-user folder policies', () => {
  it('uploads (multipart and raw), lists, downloads and describes own files', async () => {
    const files = ownerClient.storage.from(PRIVATE);
    const up = await files.upload(mine('notes/a.txt'), text('hello storage'));
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: mine('notes/a.txt'), fullPath: `${PRIVATE}/${mine('notes/a.txt')}` });
    expect((await files.upload(mine('notes/deep/b.json'), Buffer.from('{"b":1}'), { contentType: 'application/json' })).error).toBeNull();

    const list = await files.list(mine('notes'));
    expect(list.error).toBeNull();
    expect(list.data?.map((e) => [e.name, e.id === null])).toEqual([
      ['a.txt', false],
      ['deep', true],
    ]);
    expect(list.data?.[0]?.metadata).toMatchObject({ size: 13, mimetype: 'text/plain' });
    expect((await files.list(mine('notes'), { search: 'de' })).data?.map((e) => e.name)).toEqual(['deep']);

    const dl = await files.download(mine('notes/a.txt'));
    expect(dl.error).toBeNull();
    expect(await dl.data?.text()).toBe('hello storage');

    const info = await files.info(mine('notes/deep/b.json'));
    expect(info.data).toMatchObject({ size: 7, contentType: 'application/json', bucketId: PRIVATE });
    // no user metadata given: an empty object, as storage-api answers, not null
    expect(info.data?.metadata).toEqual({});
  });

  it('refuses to overwrite without upsert (409) and overwrites with upsert or update', async () => {
    const files = ownerClient.storage.from(PRIVATE);
    await files.upload(mine('v.txt'), text('one'));
    const again = await files.upload(mine('v.txt'), text('two'));
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect(await (await files.download(mine('v.txt'))).data?.text()).toBe('one');

    expect((await files.upload(mine('v.txt'), text('two'), { upsert: true })).error).toBeNull();
    expect(await (await files.download(mine('v.txt'))).data?.text()).toBe('two');
    expect((await files.update(mine('v.txt'), text('three'))).error).toBeNull();
    expect(await (await files.download(mine('v.txt'))).data?.text()).toBe('three');
  });

  it('moves and copies within own folder', async () => {
    const files = ownerClient.storage.from(PRIVATE);
    await files.upload(mine('m/src.txt'), text('moving'));
    expect((await files.move(mine('m/src.txt'), mine('m/dst.txt'))).error).toBeNull();
    expect((await files.download(mine('m/src.txt'))).error).toMatchObject({ statusCode: '404' });
    expect(await (await files.download(mine('m/dst.txt'))).data?.text()).toBe('moving');

    const copy = await files.copy(mine('m/dst.txt'), mine('m/copy.txt'));
    expect(copy.data).toEqual({ path: `${PRIVATE}/${mine('m/copy.txt')}` });
    expect(await (await files.download(mine('m/copy.txt'))).data?.text()).toBe('moving');
    expect(await (await files.download(mine('m/dst.txt'))).data?.text()).toBe('moving');
  });

  it('removes files (bytes included) and returns what was removed', async () => {
    const files = ownerClient.storage.from(PRIVATE);
    await files.upload(mine('r/1.txt'), text('1'));
    await files.upload(mine('r/2.txt'), text('2'));
    // The two objects' bytes on disk (by version); other test files write beside this one.
    const db = await pgClient();
    const versions = (await db.query<{ version: string }>('select version from storage.objects where bucket_id = $1 and name = any($2::text[])', [PRIVATE, [mine('r/1.txt'), mine('r/2.txt')]])).rows.map((r) => r.version);
    await db.end();
    const bytesOf = () => filesUnder(path.join(storageDir(), 'objects')).filter((f) => versions.some((v) => f.endsWith(v)));
    expect(bytesOf()).toHaveLength(2);
    const removed = await files.remove([mine('r/1.txt'), mine('r/2.txt'), mine('r/missing.txt')]);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((o) => o.name).sort()).toEqual([mine('r/1.txt'), mine('r/2.txt')]);
    expect(await rowCount(PRIVATE, mine('r/1.txt'))).toBe(0);
    expect(bytesOf()).toEqual([]);
  });

  it('signs URLs that work without a token until they expire', async () => {
    const files = ownerClient.storage.from(PRIVATE);
    await files.upload(mine('s.txt'), text('signed content'));
    const signed = await files.createSignedUrl(mine('s.txt'), 60, { download: 'copy.txt' });
    expect(signed.error).toBeNull();
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename=copy.txt');
    expect(await res.text()).toBe('signed content');

    const many = await files.createSignedUrls([mine('s.txt'), mine('nope.txt')], 60);
    expect(many.data?.map((d) => d.error)).toEqual([null, 'Either the object does not exist or you do not have access to it']);

    const short = await files.createSignedUrl(mine('s.txt'), 1);
    await new Promise((r) => setTimeout(r, 2100));
    const expired = await fetch(short.data!.signedUrl);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT', message: 'jwt expired' });

    // A token is bound to its object.
    const token = new URL(signed.data!.signedUrl).searchParams.get('token');
    const other = await fetch(`${api()}/storage/v1/object/sign/${PRIVATE}/${mine('v.txt')}?token=${token}`);
    expect(other.status).toBe(400);
  });

  it('hands out signed upload URLs for own folder only', async () => {
    const signed = await ownerClient.storage.from(PRIVATE).createSignedUploadUrl(mine('via-token.txt'));
    expect(signed.error).toBeNull();
    const up = await anon.storage.from(PRIVATE).uploadToSignedUrl(mine('via-token.txt'), signed.data!.token, text('from token'));
    expect(up.error).toBeNull();
    expect(await (await ownerClient.storage.from(PRIVATE).download(mine('via-token.txt'))).data?.text()).toBe('from token');

    const foreign = await otherClient.storage.from(PRIVATE).createSignedUploadUrl(mine('sneaky.txt'));
    expect(foreign.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
  });
});

describe('another user and anon', () => {
  const victim = () => mine('private/secret.txt');

  beforeAll(async () => {
    await ownerClient.storage.from(PRIVATE).upload(victim(), text('secret'), { upsert: true });
  });

  for (const [who, client] of [
    ['another user', () => otherClient],
    ['anon', () => anon],
  ] as const) {
    it(`${who} can neither list, read, sign, overwrite, move nor delete the owner's files`, async () => {
      const files = client().storage.from(PRIVATE);
      expect((await files.list(mine('private'))).data).toEqual([]);
      expect((await files.download(victim())).error).toMatchObject({ statusCode: '404', message: 'Object not found' });
      expect((await files.info(victim())).error).toMatchObject({ statusCode: '404' });
      expect((await files.createSignedUrl(victim(), 60)).error).toMatchObject({ statusCode: '404' });

      const overwrite = await files.upload(victim(), text('pwned'), { upsert: true });
      expect(overwrite.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
      expect((await files.upload(mine('private/new.txt'), text('pwned'))).error).toMatchObject({ statusCode: '403' });
      expect((await files.update(victim(), text('pwned'))).error).toMatchObject({ statusCode: '403' });
      expect((await files.move(victim(), `${randomUUID()}/stolen.txt`)).error).toMatchObject({ statusCode: '404' });
      expect((await files.copy(victim(), `${randomUUID()}/stolen.txt`)).error).toMatchObject({ statusCode: '404' });
      expect((await files.remove([victim()])).data).toEqual([]);

      expect(await (await ownerClient.storage.from(PRIVATE).download(victim())).data?.text()).toBe('secret');
      expect(await rowCount(PRIVATE, mine('private/new.txt'))).toBe(0);
    });
  }

  it('cannot reach private files through the public URL', async () => {
    const url = anon.storage.from(PRIVATE).getPublicUrl(victim()).data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('refuses a forged token', async () => {
    const forged = createClient(api(), inject('devstack').anon_key, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      global: { headers: { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2lnbmF0dXJl' } },
    });
    const listed = await forged.storage.from(PRIVATE).list(mine('private'));
    expect(listed.error).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
    // download() uses the route storage-api opens to invalid tokens: treated as signed out.
    const read = await forged.storage.from(PRIVATE).download(victim());
    expect(read.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('cannot manage buckets; the service role can', async () => {
    const name = `st-admin-${tag}`;
    expect((await otherClient.storage.createBucket(name)).error).toMatchObject({ statusCode: '403' });
    expect((await anon.storage.listBuckets()).data).toEqual([]);
    expect((await service.storage.createBucket(name, { public: false })).error).toBeNull();
    expect((await service.storage.createBucket(name)).error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect((await service.storage.getBucket(name)).data).toMatchObject({ id: name, public: false });
    // the size limit (a bigint column) is a number in JSON, in one bucket and in the list
    expect((await service.storage.getBucket(PUBLIC)).data?.file_size_limit).toBe(1048576);
    expect((await service.storage.listBuckets()).data?.find((b) => b.id === PUBLIC)?.file_size_limit).toBe(1048576);
    expect((await service.storage.emptyBucket(name)).error).toBeNull();
    expect((await otherClient.storage.emptyBucket(name)).error).toMatchObject({ statusCode: '403' });
    expect((await service.storage.deleteBucket(name)).error).toBeNull();
    expect((await service.storage.getBucket(name)).error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });
});

describe('public bucket with a 1 MB limit and image/* only', () => {
  it('serves files without any auth', async () => {
    expect((await service.storage.from(PUBLIC).upload('logo.png', await png(40, 20), { contentType: 'image/png' })).error).toBeNull();
    const res = await fetch(anon.storage.from(PUBLIC).getPublicUrl('logo.png').data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(40);
  });

  it('refuses an oversized upload with 413 and stores nothing', async () => {
    const tmpBefore = filesUnder(path.join(storageDir(), 'tmp')).length;
    const big = Buffer.alloc(1_048_577, 1);
    for (const body of [big, new Blob([big], { type: 'image/png' })]) {
      const res = await service.storage.from(PUBLIC).upload('big.png', body, { contentType: 'image/png' });
      expect(res.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    }
    expect(await rowCount(PUBLIC, 'big.png')).toBe(0);
    expect(filesUnder(path.join(storageDir(), 'tmp')).length).toBe(tmpBefore);
  });

  it('refuses a type outside allowed_mime_types with 415', async () => {
    const res = await service.storage.from(PUBLIC).upload('doc.txt', Buffer.from('text'), { contentType: 'text/plain' });
    expect(res.error).toMatchObject({ statusCode: '415', message: 'mime type text/plain is not supported' });
    expect(await rowCount(PUBLIC, 'doc.txt')).toBe(0);
  });

  it('renders resized images', async () => {
    await service.storage.from(PUBLIC).upload('photo.png', await png(400, 300), { contentType: 'image/png' });
    const dl = await anon.storage.from(PUBLIC).download('photo.png', { transform: { width: 100 } });
    expect(dl.error).toBeNull();
    const meta = await sharp(Buffer.from(await dl.data!.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([100, 75]);

    const url = anon.storage.from(PUBLIC).getPublicUrl('photo.png', { transform: { width: 120, height: 60, resize: 'fill' } });
    const res = await fetch(url.data.publicUrl);
    expect(res.status).toBe(200);
    const filled = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([filled.width, filled.height]).toEqual([120, 60]);

    // a JPEG stored without an image content type still renders as a JPEG (no format asked, no webp accepted)
    const jpeg = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#884422' } }).jpeg().toBuffer();
    expect((await ownerClient.storage.from(PRIVATE).upload(mine('shot.jpg'), jpeg, { contentType: 'application/octet-stream' })).error).toBeNull();
    const rendered = await ownerClient.storage.from(PRIVATE).download(mine('shot.jpg'), { transform: { width: 50 } });
    expect(rendered.error).toBeNull();
    const jpegMeta = await sharp(Buffer.from(await rendered.data!.arrayBuffer())).metadata();
    expect([jpegMeta.format, jpegMeta.width]).toEqual(['jpeg', 50]);

    const signed = await service.storage.from(PUBLIC).createSignedUrl('photo.png', 60, { transform: { width: 80 } });
    expect(signed.data?.signedUrl).toContain('/render/image/sign/');
    const viaToken = await fetch(signed.data!.signedUrl);
    expect((await sharp(Buffer.from(await viaToken.arrayBuffer())).metadata()).width).toBe(80);
  });
});

describe('list-v2, keys and wording as storage-api', () => {
  it('lists by prefix flat, grouped into folders, and page by page with a cursor in each sort order', async () => {
    const files = ownerClient.storage.from(PRIVATE);
    const base = mine(`v2-${tag}`);
    const names = ['c', 'a', 'd', 'b', 'e'];
    for (const n of names) expect((await files.upload(`${base}/${n}.txt`, text(n))).error).toBeNull();
    await files.upload(`${base}/sub/inner.txt`, text('inner'));

    const flat = await files.listV2({ prefix: base });
    expect(flat.error).toBeNull();
    expect(flat.data).toMatchObject({ hasNext: false, folders: [] });
    expect(flat.data!.objects.map((o) => o.name).sort()).toEqual([...names.map((n) => `${base}/${n}.txt`), `${base}/sub/inner.txt`].sort());

    const grouped = await files.listV2({ prefix: `${base}/`, with_delimiter: true });
    expect(grouped.data!.folders).toEqual([{ name: `${base}/sub/`, key: `${base}/sub` }]);
    expect(grouped.data!.objects).toHaveLength(5);

    for (const [sortBy, expected] of [
      [undefined, ['a', 'b', 'c', 'd', 'e']],
      [{ column: 'name', order: 'desc' }, ['e', 'd', 'c', 'b', 'a']],
      [{ column: 'created_at', order: 'asc' }, names],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const res = await files.listV2({ prefix: `${base}/`, limit: 2, ...(cursor ? { cursor } : {}), ...(sortBy ? { sortBy } : {}) });
        expect(res.error).toBeNull();
        seen.push(...res.data!.objects.map((o) => o.name.slice(base.length + 1, -4)));
        cursor = res.data!.hasNext ? res.data!.nextCursor : undefined;
        pages++;
      } while (cursor);
      expect(seen.filter((n) => n.length === 1)).toEqual(expected);
      expect(pages).toBe(3);
    }
  });

  it('refuses a request with no key at all, but serves public and signed downloads without one', async () => {
    const { api_url } = inject('devstack');
    const bare = await fetch(`${api_url}/storage/v1/bucket`);
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({ error: 'InvalidJWT', message: 'Invalid Compact JWS' });
    await service.storage.from(PUBLIC).upload('open.png', await png(10, 10), { contentType: 'image/png', upsert: true });
    expect((await fetch(anon.storage.from(PUBLIC).getPublicUrl('open.png').data.publicUrl)).status).toBe(200);
  });

  it('answers getBucket without the type, and words X-Transformations as the image proxy does', async () => {
    const bucket = (await service.storage.getBucket(PUBLIC)).data;
    expect(bucket?.id).toBe(PUBLIC);
    expect(Object.keys(bucket ?? {})).not.toContain('type');
    await service.storage.from(PUBLIC).upload('t.png', await png(300, 300), { contentType: 'image/png', upsert: true });
    const signed = await service.storage.from(PUBLIC).createSignedUrl('t.png', 60, { transform: { width: 200, height: 200, quality: 60 } });
    const res = await fetch(signed.data!.signedUrl);
    expect(res.headers.get('x-transformations')).toBe('height:200,width:200,resizing_type:fill,quality:60');
  });
});

describe('object names', () => {
  it('refuses traversal and absolute names with 400 InvalidKey and writes nothing', async () => {
    const files = ownerClient.storage.from(PRIVATE);
    const marker = `escape-${tag}`;
    // '../x' and '%2e%2e/x' are resolved away by the client's URL parser; encoded slashes and an
    // encoded leading slash reach the server as written.
    for (const name of [`../${marker}`, `%2e%2e/${marker}`, `${owner.id}/..%2F..%2F${marker}`, `%2Ftmp%2F${marker}`, `${owner.id}/%2e%2e%2f${marker}`]) {
      const res = await files.upload(name, text('x'));
      expect(res.error, name).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    }
    const db = await pgClient();
    try {
      const { rows } = await db.query('select name from storage.objects where name like $1', [`%${marker}%`]);
      expect(rows).toEqual([]);
    } finally {
      await db.end();
    }
    // No file of that name anywhere in the store (other test files write to it at the same time).
    expect(filesUnder(path.join(storageDir(), 'objects')).filter((f) => f.includes(marker))).toEqual([]);
    expect(fs.existsSync(path.join(inject('devstackDir'), marker))).toBe(false);
    expect(fs.existsSync(path.join('/tmp', marker))).toBe(false);
  });
});
