/**
 * The visitor's lightbox trial through the public `trial-lightbox` function, the devstack's relay
 * and the worker: a small watermarked result with nothing written for a user; the file checks and
 * the per-address, daily and global limits, as an attacker meets them. Each test sends from its
 * own loopback address (127.0.0.x: a real peer address, the one the relay appends to
 * X-Forwarded-For), so the per-address counts are really per address.
 */
import http from 'node:http';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { bottleOnPlain } from '@shotcraft/worker/test/lightbox-fixtures.ts';
import { useWorker } from '../helpers/worker.js';

const ctx = useWorker({ atDevstackUrl: true });
let photo: Buffer;

beforeAll(async () => {
  photo = (await bottleOnPlain()).jpeg;
});
beforeEach(async () => {
  await ctx.su.query('delete from private.trial_attempts');
});

interface TrialAnswer {
  success: boolean;
  code?: string;
  error?: string;
  image?: string;
  width?: number;
  height?: number;
  watermark?: string;
  retry_at?: string;
  remaining?: { hour: number; day: number };
}

/** POST to the function from a given loopback address; `chunked` sends no Content-Length. */
function tryPhoto(body: Buffer, opts: { from: string; headers?: Record<string, string>; chunked?: boolean }): Promise<{ status: number; body: TrialAnswer }> {
  const { api_url, anon_key } = inject('devstack');
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${api_url}/functions/v1/trial-lightbox`,
      {
        method: 'POST',
        localAddress: opts.from,
        headers: { apikey: anon_key, 'content-type': 'image/jpeg', ...(opts.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) }), ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as TrialAnswer }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (opts.chunked) {
      for (let i = 0; i < body.length; i += 1024 * 1024) req.write(body.subarray(i, i + 1024 * 1024));
      req.end();
    } else req.end(body);
  });
}

const attempts = async () =>
  (await ctx.su.query<{ subject: string; period: string; attempts: number }>('select subject, period, attempts from private.trial_attempts order by subject, period')).rows;

/**
 * The limits count tries in fixed UTC hours: a test of "3 an hour" whose tries straddle the turn of
 * an hour sees a fresh window (a run at 10:59 failed so). When fewer than `seconds` are left of the
 * database's current hour, this waits for the next one to begin.
 */
async function awayFromTheHour(seconds: number) {
  const left = async () => (await ctx.su.query<{ s: number }>(`select extract(epoch from date_trunc('hour', now(), 'UTC') + interval '1 hour' - clock_timestamp())::float8 as s`)).rows[0]!.s;
  const wait = await left();
  if (wait < seconds) await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 500));
}

const now = async () => (await ctx.su.query<{ t: Date }>('select clock_timestamp() as t')).rows[0]!.t;

/** The app's buckets a studio or the worker writes to (other test files make buckets of their own, with files outside any user's folder). */
const APP_BUCKETS = ['raw-uploads', 'processed', 'videos', 'thumbnails'];

/**
 * What a visitor's try could have left since `since`: a user without an e-mail (anonymous), a
 * profile of one, or a file outside every user's folder in the app's buckets. Job, content and
 * ledger rows need a user, so these cover them. Other test files' users and files, made meanwhile,
 * are not counted: one full run counted 7 files made meanwhile outside the app's buckets (most
 * likely tests/devstack/storage.test.ts's, at its own public bucket's root), so only the app's are.
 */
const strayRows = async (since: Date) =>
  (
    await ctx.su.query<{ n: number }>(
      `select ((select count(*) from auth.users where created_at >= $1 and (email is null or is_anonymous))
            + (select count(*) from public.profiles p where p.created_at >= $1
                 and not exists (select 1 from auth.users u where u.id = p.user_id and u.email is not null))
            + (select count(*) from storage.objects o where o.created_at >= $1 and o.bucket_id = any($2)
                 and not exists (select 1 from auth.users u where u.id::text = (storage.foldername(o.name))[1])))::int as n`,
      [since, APP_BUCKETS],
    )
  ).rows[0]!.n;

const pixelMean = async (jpeg: Buffer, region: { left: number; top: number; width: number; height: number }) => {
  const pixels = await sharp(jpeg).extract(region).raw().toBuffer();
  return pixels.reduce((sum, v) => sum + v, 0) / pixels.length;
};

describe('the visitor lightbox trial', { timeout: 120_000 }, () => {
  it('turns one photo into a watermarked 512 px JPEG, inline, and writes no user row or file', async () => {
    const since = await now();
    const res = await tryPhoto(photo, { from: '127.0.0.11' });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body).toMatchObject({ success: true, width: 512, height: 512, watermark: 'Shotcraft trial', remaining: { hour: 2, day: 9 } });
    const jpeg = Buffer.from(res.body.image!.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 512]);
    // White backdrop in the top-left corner; the dark "Shotcraft trial" label in the bottom-right.
    expect(await pixelMean(jpeg, { left: 4, top: 4, width: 30, height: 30 })).toBeGreaterThan(240);
    expect(await pixelMean(jpeg, { left: 504, top: 488, width: 6, height: 20 })).toBeLessThan(110);
    expect(await strayRows(since)).toBe(0);
    // The address is kept only as a keyed hash.
    const rows = await attempts();
    expect(rows.map((r) => r.subject).every((s) => /^[0-9a-f]{64}$/.test(s) || s === '*')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('127.0.0');
    expect(rows.filter((r) => r.subject !== '*').map((r) => [r.period, r.attempts])).toEqual([['day', 1], ['hour', 1]]);
  });

  it('refuses a file that is not an image whatever it claims to be, before counting a try', async () => {
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const res = await tryPhoto(html, { from: '127.0.0.12', headers: { 'content-type': 'image/png' } });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ success: false, code: 'unsupported_type', error: expect.stringMatching(/not a JPEG, PNG, WebP, GIF or BMP image/) });
    const empty = await tryPhoto(Buffer.alloc(0), { from: '127.0.0.12' });
    expect([empty.status, empty.body.code]).toEqual([400, 'empty_file']);
    expect(await attempts()).toEqual([]);
  });

  it('refuses a photo over 10 MB, declared or streamed, before counting a try', async () => {
    const big = Buffer.concat([photo.subarray(0, 64), Buffer.alloc(10 * 1024 * 1024 + 1 - 64, 1)]);
    for (const chunked of [false, true]) {
      const res = await tryPhoto(big, { from: '127.0.0.13', chunked });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 'file_too_large', error: expect.stringMatching(/up to 10 MB/) });
    }
    expect(await attempts()).toEqual([]);
  });

  it('lets the worker refuse a file that only starts like an image, and a photo over 25 megapixels (each costs the try)', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 7)]);
    const res = await tryPhoto(fake, { from: '127.0.0.14' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'undecodable_image', error: expect.stringMatching(/could not be decoded/) });
    const huge = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#ddd' } }).png().toBuffer();
    const tooMany = await tryPhoto(huge, { from: '127.0.0.14', headers: { 'content-type': 'image/png' } });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body).toMatchObject({ code: 'too_many_pixels', error: expect.stringMatching(/6000×5000 pixels is over the 25-megapixel limit/) });
    expect((await attempts()).find((r) => r.subject !== '*' && r.period === 'hour')?.attempts).toBe(2);
  });

  it('allows 3 tries an hour per address; a forged X-Forwarded-For does not reset it, and another address still gets its own', { timeout: 180_000 }, async () => {
    await awayFromTheHour(90);
    for (let i = 0; i < 3; i++) expect((await tryPhoto(photo, { from: '127.0.0.15' })).status).toBe(200);
    const fourth = await tryPhoto(photo, { from: '127.0.0.15' });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ code: 'rate_limited', error: expect.stringMatching(/used your 3 free tries for this hour/), retry_at: expect.any(String) });
    // Whatever a client writes into X-Forwarded-For comes before the relay's own entry, and is ignored.
    for (const forged of ['203.0.113.50', '203.0.113.51, 198.51.100.9', '::1']) {
      const res = await tryPhoto(photo, { from: '127.0.0.15', headers: { 'x-forwarded-for': forged } });
      expect(res.status, forged).toBe(429);
    }
    const other = await tryPhoto(photo, { from: '127.0.0.16', headers: { 'x-forwarded-for': '127.0.0.15' } });
    expect(other.status).toBe(200);
    expect(other.body.remaining).toEqual({ hour: 2, day: 9 });
  });

  it('allows 10 tries a day per address, across hours', async () => {
    expect((await tryPhoto(photo, { from: '127.0.0.17' })).status).toBe(200);
    // Nine more earlier today: the day's count at 10, this hour's at 1.
    await ctx.su.query(`update private.trial_attempts set attempts = 10 where subject <> '*' and period = 'day'`);
    const res = await tryPhoto(photo, { from: '127.0.0.17' });
    expect(res.status).toBe(429);
    expect(res.body.error).toMatch(/used your 10 free tries for today/);
  });

  it('stops every visitor at the global cap of 200 an hour, with words that say it is busy', async () => {
    await ctx.su.query(
      `insert into private.trial_attempts (subject, period, window_start, attempts) values ('*', 'hour', date_trunc('hour', now(), 'UTC'), 200)`,
    );
    const res = await tryPhoto(photo, { from: '127.0.0.18' });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'busy', error: expect.stringMatching(/Free tries are busy right now/) });
    expect((await attempts()).filter((r) => r.subject !== '*').every((r) => r.attempts === 0)).toBe(true);
  });

  it('keeps the worker\'s trial endpoint to the function: a visitor\'s or user\'s token is refused', async () => {
    const { anon_key } = inject('devstack');
    const res = await fetch(`${ctx.worker.url}/trial/lightbox`, { method: 'POST', headers: { Authorization: `Bearer ${anon_key}` }, body: new Uint8Array(photo) });
    expect(res.status).toBe(401);
    const none = await fetch(`${ctx.worker.url}/trial/lightbox`, { method: 'POST', body: new Uint8Array(photo) });
    expect(none.status).toBe(401);
  });

  it('refuses the trial tables and functions to visitors and users', async () => {
    const { api_url, anon_key } = inject('devstack');
    const res = await fetch(`${api_url}/rest/v1/rpc/trial_take_attempt`, {
      method: 'POST',
      headers: { apikey: anon_key, Authorization: `Bearer ${anon_key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ p_address_hash: 'a'.repeat(64), p_per_hour: 1000 }),
    });
    expect(res.status).toBe(401);
    const reset = await fetch(`${api_url}/rest/v1/rpc/trial_return_attempt`, {
      method: 'POST',
      headers: { apikey: anon_key, Authorization: `Bearer ${anon_key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ p_address_hash: 'a'.repeat(64) }),
    });
    expect(reset.status).toBe(401);
  });
});
