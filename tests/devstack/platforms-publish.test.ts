/**
 * The social platforms' stand-ins, publishing side: for each platform the publish round trip with
 * its real request and response shapes (and its asynchronous status where it has one), the media
 * rules it enforces after downloading the media (with the platform's own error codes), a dead
 * token, a rate limit asked for with `/_devstack/fail`, what was posted (JSON and the HTML page),
 * and insights that grow as a post gets older. Media is served by a small local server started here.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { findMediaTools } from '@shotcraft/worker/src/video/binaries.ts';
import { localClient, PLATFORMS, type PlatformId } from '@shotcraft/devstack/src/platforms/catalog.ts';

let base: string;
let media: string;
let server: Server;
const files = new Map<string, { bytes: Buffer; type: string }>();
/** Every path the media server was asked for. */
const requested: string[] = [];
const REDIRECT = 'http://127.0.0.1:54321/functions/v1/social-oauth-callback';
const run = randomBytes(3).toString('hex');

const image = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif') =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } }).toFormat(format).toBuffer();

beforeAll(async () => {
  base = inject('devstack').platforms_url;
  files.set('/portrait.jpg', { bytes: await image(1080, 1350, 'jpeg'), type: 'image/jpeg' });
  files.set('/square.jpg', { bytes: await image(1080, 1080, 'jpeg'), type: 'image/jpeg' });
  files.set('/square.png', { bytes: await image(800, 800, 'png'), type: 'image/png' });
  files.set('/wide.jpg', { bytes: await image(3000, 500, 'jpeg'), type: 'image/jpeg' });
  files.set('/anim.gif', { bytes: await image(400, 400, 'gif'), type: 'image/gif' });
  // Noise does not compress: a PNG of about 6.7 MB (over X's 5 MB and Facebook's 4 MB).
  files.set('/big.png', { bytes: await sharp(randomBytes(1500 * 1500 * 3), { raw: { width: 1500, height: 1500, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer(), type: 'image/png' });
  const tools = findMediaTools();
  if (!tools) throw new Error('ffmpeg is needed for the video fixtures');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'platform-video-'));
  try {
    const out = path.join(dir, 'clip.mp4');
    execFileSync(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=360x640:rate=15', '-t', '4', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-movflags', '+faststart', '-y', out]);
    files.set('/clip.mp4', { bytes: readFileSync(out), type: 'video/mp4' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  server = createServer((req, res) => {
    requested.push(req.url ?? '');
    const file = files.get(req.url ?? '');
    if (!file) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': file.type, 'content-length': String(file.bytes.length) }).end(file.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  media = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // As an app owner does in TikTok's developer portal: this media server may be pulled from.
  const verify = await fetch(`${base}/_devstack/tiktok/verified-prefixes`, { method: 'POST', body: JSON.stringify({ prefix: `${media}/` }) });
  expect(verify.status).toBe(200);
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

// ---- helpers -------------------------------------------------------------------------------

/** A token through the real consent → code → token flow. */
async function tokenFor(platform: PlatformId): Promise<string> {
  const spec = PLATFORMS[platform];
  const app = localClient(platform);
  const verifier = randomBytes(32).toString('base64url');
  const params = new URLSearchParams({
    [spec.clientIdParam]: app.id, redirect_uri: REDIRECT, response_type: 'code', scope: 'publish', state: 's',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256',
  });
  const consent = await fetch(`${base}/${platform}${spec.authorizePath}`, { method: 'POST', body: new URLSearchParams({ ...Object.fromEntries(params), decision: 'allow' }), redirect: 'manual' });
  const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
  const headers: Record<string, string> = {};
  const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier });
  if (spec.clientAuth === 'basic') headers.authorization = `Basic ${Buffer.from(`${app.id}:${app.secret}`).toString('base64')}`;
  else {
    body.set(spec.clientIdParam, app.id);
    body.set('client_secret', app.secret);
  }
  const res = await fetch(`${base}/${platform}${spec.tokenPath}`, { method: 'POST', headers, body });
  return ((await res.json()) as { access_token: string }).access_token;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(method: string, url: string, opts: { token?: string; json?: unknown; form?: Record<string, string>; body?: BodyInit; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body = opts.body;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json; charset=UTF-8';
    body = JSON.stringify(opts.json);
  } else if (opts.form) body = new URLSearchParams(opts.form);
  const res = await fetch(url.startsWith('http') ? url : `${base}${url}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : {}) as Json };
}

/** Polls `read` until `done` holds (or fails after `ms`). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`gave up waiting: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const age = (id: string, minutes: number) => call('POST', `/_devstack/posts/${id}/age`, { json: { minutes } });
/** Failures for this connection only, so tests running alongside (tests/social) are not hit. */
const fail = (platform: PlatformId, token: string, kind: string, times = 1) => call('POST', '/_devstack/fail', { json: { platform, token, kind, times } });
const posts = async (platform: PlatformId) => (await call('GET', `/_devstack/posts?platform=${platform}`)).body as unknown as Json[];

// ---- Instagram -----------------------------------------------------------------------------

describe('Instagram', () => {
  const ig = PLATFORMS.instagram.demo.id;
  let token: string;
  beforeAll(async () => {
    token = await tokenFor('instagram');
  });
  const container = (form: Record<string, string>) => call('POST', `/instagram/v22.0/${ig}/media`, { form: { ...form, access_token: token } });
  const status = (id: string) => call('GET', `/instagram/v22.0/${id}?fields=status_code,status&access_token=${token}`);
  const publish = (id: string) => call('POST', `/instagram/v22.0/${ig}/media_publish?creation_id=${id}`, { token });

  it('container → IN_PROGRESS → FINISHED → media_publish, once; the media reads back and is listed', async () => {
    const caption = `Autumn drop ${run} #shotcraft`;
    const made = await container({ image_url: `${media}/portrait.jpg`, caption });
    expect(made.status).toBe(200);
    expect(made.body).toEqual({ id: expect.stringMatching(/^\d+$/) });

    expect((await status(made.body.id)).body).toMatchObject({ status_code: 'IN_PROGRESS', id: made.body.id });
    const early = await publish(made.body.id);
    expect(early.status).toBe(400);
    expect(early.body.error).toMatchObject({ code: 9007, error_subcode: 2207027, message: 'Media ID is not available' });

    await until(() => status(made.body.id), (r) => r.body.status_code === 'FINISHED');
    const published = await publish(made.body.id);
    expect(published.status).toBe(200);
    const mediaId = published.body.id as string;
    expect(mediaId).toMatch(/^\d+$/);
    expect((await publish(made.body.id)).status).toBe(400);
    expect((await status(made.body.id)).body.status_code).toBe('PUBLISHED');

    const read = await call('GET', `/instagram/v22.0/${mediaId}?fields=id,caption,media_type,media_url,permalink,timestamp`, { token });
    expect(read.body).toMatchObject({ id: mediaId, caption, media_type: 'IMAGE', media_url: `${media}/portrait.jpg`, permalink: expect.stringContaining('instagram.com/p/') });
    expect(read.body.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/);

    const listed = (await posts('instagram')).find((p) => p.id === mediaId);
    expect(listed).toMatchObject({ platform: 'instagram', account: ig, text: caption, media: [{ url: `${media}/portrait.jpg`, kind: 'image', width: 1080, height: 1350 }] });
  });

  it('refuses what Instagram refuses, with its codes: aspect, format, an unreachable URL', async () => {
    const wide = await container({ image_url: `${media}/wide.jpg` });
    expect(wide.status).toBe(400);
    expect(wide.body.error).toMatchObject({ code: 36003, error_subcode: 2207009, message: 'The aspect ratio is not supported.' });
    const png = await container({ image_url: `${media}/square.png` });
    expect(png.body.error).toMatchObject({ code: 36001, error_subcode: 2207005 });
    const missing = await container({ image_url: `${media}/nothing-here.jpg` });
    expect(missing.body.error).toMatchObject({ code: 9004, error_subcode: 2207052 });
  });

  it('a reel is processed in the background; a GIF as video_url ends in ERROR', async () => {
    const reel = await container({ media_type: 'REELS', video_url: `${media}/clip.mp4`, caption: `Reel ${run}` });
    expect(reel.status).toBe(200);
    expect((await status(reel.body.id)).body.status_code).toBe('IN_PROGRESS');
    await until(() => status(reel.body.id), (r) => r.body.status_code === 'FINISHED');
    const published = await publish(reel.body.id);
    expect(published.status).toBe(200);
    const read = await call('GET', `/instagram/v21.0/${published.body.id}?fields=id,media_type,media_product_type`, { token });
    expect(read.body).toMatchObject({ media_type: 'VIDEO', media_product_type: 'REELS' });

    const gif = await container({ media_type: 'REELS', video_url: `${media}/anim.gif` });
    const failed = await until(() => status(gif.body.id), (r) => r.body.status_code !== 'IN_PROGRESS');
    expect(failed.body.status_code).toBe('ERROR');
    expect(failed.body.status).toMatch(/^Error: /);
  });

  it('carousel: two items, then the album', async () => {
    const items = await Promise.all(['portrait.jpg', 'square.jpg'].map((f) => container({ image_url: `${media}/${f}`, is_carousel_item: 'true' })));
    for (const item of items) await until(() => status(item.body.id), (r) => r.body.status_code === 'FINISHED');
    const album = await container({ media_type: 'CAROUSEL', children: items.map((i) => i.body.id).join(','), caption: `Album ${run}` });
    await until(() => status(album.body.id), (r) => r.body.status_code === 'FINISHED');
    const published = await publish(album.body.id);
    const listed = (await posts('instagram')).find((p) => p.id === published.body.id);
    expect(listed?.media).toHaveLength(2);
    expect(listed?.extra.media_type).toBe('CAROUSEL_ALBUM');
  });

  it('media and account insights grow as the post gets older', async () => {
    const made = await container({ image_url: `${media}/square.jpg`, caption: `Insights ${run}` });
    await until(() => status(made.body.id), (r) => r.body.status_code === 'FINISHED');
    const id = (await publish(made.body.id)).body.id as string;
    const read = async () => (await call('GET', `/instagram/v22.0/${id}/insights?metric=reach,likes,comments,shares,saved,views`, { token })).body;
    const fresh = await read();
    expect(fresh.data).toHaveLength(6);
    expect(fresh.data[0]).toMatchObject({ name: 'reach', period: 'lifetime', values: [{ value: expect.any(Number) }], title: expect.any(String), description: expect.any(String), id: `${id}/insights/reach/lifetime` });
    await age(id, 60);
    const hour = await read();
    await age(id, 24 * 60);
    const day = await read();
    const value = (r: Json, name: string) => r.data.find((d: Json) => d.name === name).values[0].value as number;
    expect(value(hour, 'reach')).toBeGreaterThan(value(fresh, 'reach'));
    expect(value(day, 'reach')).toBeGreaterThan(value(hour, 'reach'));
    expect(value(day, 'likes')).toBeGreaterThan(0);
    expect(value(day, 'likes')).toBeLessThan(value(day, 'views'));

    const account = await call('GET', `/instagram/v22.0/${ig}/insights?metric=reach,likes&period=day&metric_type=total_value&since=${Math.floor(Date.now() / 1000) - 3 * 86400}&until=${Math.floor(Date.now() / 1000)}`, { token });
    expect(account.body.data[0]).toMatchObject({ name: 'reach', period: 'day', total_value: { value: expect.any(Number) } });
    expect(account.body.data[0].total_value.value).toBeGreaterThan(0);
    const bad = await call('GET', `/instagram/v22.0/${id}/insights?metric=impressions`, { token });
    expect(bad.body.error).toMatchObject({ code: 100 });
  });

  it('a dead token and an asked-for rate limit are refused in Instagram\'s words', async () => {
    const dead = await call('POST', `/instagram/v22.0/${ig}/media`, { form: { image_url: `${media}/square.jpg`, access_token: 'not-a-token' } });
    expect(dead).toMatchObject(PLATFORMS.instagram.authError());
    await fail('instagram', token, 'rate_limit');
    const limited = await container({ image_url: `${media}/square.jpg` });
    expect(limited.status).toBe(400);
    expect(limited.body.error).toMatchObject({ code: 4, message: 'Application request limit reached' });
    expect((await container({ image_url: `${media}/square.jpg` })).status).toBe(200);
    // `me` stands for the token's account.
    expect((await call('POST', '/instagram/v22.0/me/media', { form: { image_url: `${media}/square.jpg`, access_token: token } })).status).toBe(200);
  });

  it('50 posts in 24 h, then the content publishing limit (counted per connection)', { timeout: 60_000 }, async () => {
    // A connection of its own: every local user connects the same demo account.
    token = await tokenFor('instagram');
    const made = await Promise.all(Array.from({ length: 51 }, () => container({ image_url: `${media}/square.jpg` })));
    await until(() => status(made[50]!.body.id), (r) => r.body.status_code === 'FINISHED');
    for (const c of made.slice(0, 50)) expect((await publish(c.body.id)).status).toBe(200);
    const limit = await call('GET', `/instagram/v22.0/${ig}/content_publishing_limit?fields=quota_usage,config`, { token });
    expect(limit.body).toEqual({ data: [{ quota_usage: 50, config: { quota_total: 50, quota_duration: 86400 } }] });
    const refused = await publish(made[50]!.body.id);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 9, error_subcode: 2207042 });
    // Another connection still posts.
    token = await tokenFor('instagram');
    expect((await publish(made[50]!.body.id)).status).toBe(200);
  });
});

// ---- Facebook ------------------------------------------------------------------------------

describe('Facebook Pages', () => {
  const page = '110000000000001';
  let userToken: string;
  let pageToken: string;
  beforeAll(async () => {
    userToken = await tokenFor('facebook');
    pageToken = (await call('GET', '/facebook/v21.0/me/accounts', { token: userToken })).body.data[0].access_token;
  });

  it('a photo post with the Page token; a user token gets Meta\'s permissions error', async () => {
    const message = `New in the shop ${run}`;
    const photo = await call('POST', `/facebook/v21.0/${page}/photos`, { form: { url: `${media}/square.png`, caption: message, access_token: pageToken } });
    expect(photo.status).toBe(200);
    expect(photo.body).toEqual({ id: expect.stringMatching(/^\d+$/), post_id: expect.stringMatching(new RegExp(`^${page}_\\d+$`)) });
    const read = await call('GET', `/facebook/v21.0/${photo.body.post_id}?fields=id,message,created_time,permalink_url,full_picture`, { token: pageToken });
    expect(read.body).toMatchObject({ id: photo.body.post_id, message, full_picture: `${media}/square.png` });

    const asUser = await call('POST', `/facebook/v21.0/${page}/photos`, { form: { url: `${media}/square.png`, access_token: userToken } });
    expect(asUser.status).toBe(403);
    expect(asUser.body.error).toMatchObject({ code: 200, type: 'OAuthException' });
  });

  it('several photos: unpublished uploads, then one feed post with attached_media', async () => {
    const ids: string[] = [];
    for (const f of ['square.jpg', 'portrait.jpg']) {
      const up = await call('POST', `/facebook/v22.0/${page}/photos`, { form: { url: `${media}/${f}`, published: 'false', access_token: pageToken } });
      expect(up.body).toEqual({ id: expect.any(String) });
      ids.push(up.body.id);
    }
    const form: Record<string, string> = { message: `Two looks ${run}`, access_token: pageToken };
    ids.forEach((id, i) => (form[`attached_media[${i}]`] = JSON.stringify({ media_fbid: id })));
    const feed = await call('POST', `/facebook/v22.0/${page}/feed`, { form });
    expect(feed.status).toBe(200);
    expect(feed.body).toEqual({ id: expect.stringMatching(new RegExp(`^${page}_\\d+$`)) });
    expect((await posts('facebook')).find((p) => p.id === feed.body.id)?.media).toHaveLength(2);
    const unknown = await call('POST', `/facebook/v22.0/${page}/feed`, { form: { message: 'x', 'attached_media[0]': '{"media_fbid":"999"}', access_token: pageToken } });
    expect(unknown.body.error).toMatchObject({ code: 100 });
  });

  it('a video from file_url, processed in the background', async () => {
    const video = await call('POST', `/facebook/v21.0/${page}/videos`, { form: { file_url: `${media}/clip.mp4`, description: `Clip ${run}`, access_token: pageToken } });
    expect(video.body).toEqual({ id: expect.any(String) });
    const ready = await until(() => call('GET', `/facebook/v21.0/${video.body.id}?fields=id,status,post_id`, { token: pageToken }), (r) => r.body.status?.video_status !== 'processing');
    expect(ready.body.status.video_status).toBe('ready');
    expect(ready.body.post_id).toMatch(new RegExp(`^${page}_`));
  });

  it('refuses a photo over 4 MB or that cannot be fetched (#324); rate limit (#32); insights grow', async () => {
    const big = await call('POST', `/facebook/v21.0/${page}/photos`, { form: { url: `${media}/big.png`, access_token: pageToken } });
    expect(big.body.error).toMatchObject({ code: 324 });
    const missing = await call('POST', `/facebook/v21.0/${page}/photos`, { form: { url: `${media}/gone.jpg`, access_token: pageToken } });
    expect(missing.body.error).toMatchObject({ code: 324 });

    await fail('facebook', pageToken, 'rate_limit');
    const limited = await call('POST', `/facebook/v21.0/${page}/feed`, { form: { message: 'hi', access_token: pageToken } });
    expect(limited.body.error).toMatchObject({ code: 32 });

    // With the Page token, `me` is the Page.
    const post = await call('POST', '/facebook/v21.0/me/feed', { form: { message: `Insights ${run}`, access_token: pageToken } });
    expect(post.body.id).toMatch(new RegExp(`^${page}_`));
    const metric = async () => {
      const r = await call('GET', `/facebook/v21.0/${post.body.id}/insights?metric=post_impressions,post_impressions_unique,post_reactions_like_total`, { token: pageToken });
      expect(r.body.data[0]).toMatchObject({ name: 'post_impressions', period: 'lifetime', values: [{ value: expect.any(Number) }] });
      return r.body.data.map((d: Json) => d.values[0].value as number);
    };
    const before = await metric();
    await age(post.body.id, 180);
    const after = await metric();
    expect(after[0]).toBeGreaterThan(before[0]);
    expect(after[1]).toBeLessThanOrEqual(after[0]);
  });
});

// ---- X -------------------------------------------------------------------------------------

// tests/social ends every X and TikTok token now and then (POST /_devstack/expire): each test
// connects afresh and is tried again should that land in the middle of it.
describe('X', { retry: 2 }, () => {
  let token: string;
  let tag: string;
  beforeEach(async () => {
    token = await tokenFor('twitter');
    tag = randomBytes(3).toString('hex');
  });
  const upload = async (file: string, category = 'tweet_image') => {
    const form = new FormData();
    form.set('media', new Blob([new Uint8Array(files.get(file)!.bytes)], { type: files.get(file)!.type }), file.slice(1));
    form.set('media_category', category);
    return call('POST', '/twitter/2/media/upload', { token, body: form });
  };
  const tweet = (body: unknown) => call('POST', '/twitter/2/tweets', { token, json: body });

  it('uploads an image and posts it; the tweet reads back with growing public_metrics', async () => {
    const up = await upload('/portrait.jpg');
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ id: expect.stringMatching(/^\d+$/), size: files.get('/portrait.jpg')!.bytes.length, expires_after_secs: expect.any(Number), image: { image_type: 'image/jpeg', w: 1080, h: 1350 } });
    expect(up.body.data.media_key).toBe(`3_${up.body.data.id}`);

    const text = `Fresh shots ${tag} https://shotcraft.example/a-very-long-link-that-counts-as-23`;
    const posted = await tweet({ text, media: { media_ids: [up.body.data.id] } });
    expect(posted.status).toBe(201);
    expect(posted.body).toEqual({ data: { id: expect.stringMatching(/^\d+$/), text, edit_history_tweet_ids: [posted.body.data.id] } });
    const id = posted.body.data.id as string;

    const read = async () => (await call('GET', `/twitter/2/tweets?ids=${id}&tweet.fields=public_metrics,non_public_metrics,created_at`, { token })).body.data[0];
    const fresh = await read();
    expect(Object.keys(fresh.public_metrics).sort()).toEqual(['bookmark_count', 'impression_count', 'like_count', 'quote_count', 'reply_count', 'retweet_count']);
    expect(fresh.non_public_metrics).toMatchObject({ impression_count: expect.any(Number) });
    await age(id, 120);
    const later = await read();
    expect(later.public_metrics.impression_count).toBeGreaterThan(fresh.public_metrics.impression_count);
    expect(later.public_metrics.like_count).toBeGreaterThanOrEqual(fresh.public_metrics.like_count);
    const single = await call('GET', `/twitter/2/tweets/${id}`, { token });
    expect(single.body.data).toEqual({ id, text, edit_history_tweet_ids: [id] });
  });

  it('counts text as X does, refuses duplicates, unknown media and images over 5 MB', async () => {
    expect((await tweet({ text: `${'a'.repeat(273)} ${tag}` })).status).toBe(201); // 280 exactly
    const cjk = await tweet({ text: '写'.repeat(141) });
    expect(cjk.status).toBe(400);
    expect(cjk.body).toMatchObject({ title: 'Invalid Request', type: 'https://api.twitter.com/2/problems/invalid-request' });
    expect((await tweet({ text: `${'写'.repeat(137)}${tag}` })).status).toBe(201); // 274 + 6 = 280
    const urls = Array.from({ length: 10 }, (_, i) => `https://example.com/${'x'.repeat(60)}${i}`).join(' ');
    expect((await tweet({ text: `${urls} ${tag}` })).status).toBe(201); // 10 × 23 + 16
    expect((await tweet({ text: `${urls} ${urls.split(' ').slice(0, 2).join(' ')} ${tag}` })).status).toBe(400); // 12 links: 276 + 11 spaces + 6

    const text = `Only once ${tag}`;
    expect((await tweet({ text })).status).toBe(201);
    const again = await tweet({ text });
    expect(again.status).toBe(403);
    expect(again.body.detail).toBe('You are not allowed to create a Tweet with duplicate content.');

    const unknown = await tweet({ text: `media ${tag}`, media: { media_ids: ['1234567890'] } });
    expect(unknown.status).toBe(400);
    const big = await upload('/big.png');
    expect(big.status).toBe(400);
    expect(JSON.stringify(big.body)).toContain('5242880');
  });

  it('chunked video: initialize → append → finalize → STATUS until succeeded, then the tweet', async () => {
    const bytes = files.get('/clip.mp4')!.bytes;
    const init = await call('POST', '/twitter/2/media/upload/initialize', { token, json: { media_type: 'video/mp4', total_bytes: bytes.length, media_category: 'tweet_video' } });
    expect(init.status).toBe(200);
    const id = init.body.data.id as string;
    expect(init.body.data.media_key).toBe(`7_${id}`);
    const half = Math.ceil(bytes.length / 2);
    for (const [i, part] of [bytes.subarray(0, half), bytes.subarray(half)].entries()) {
      const form = new FormData();
      form.set('media', new Blob([new Uint8Array(part)]), 'blob');
      form.set('segment_index', String(i));
      expect((await call('POST', `/twitter/2/media/upload/${id}/append`, { token, body: form })).status).toBe(200);
    }
    const fin = await call('POST', `/twitter/2/media/upload/${id}/finalize`, { token });
    expect(fin.body.data).toMatchObject({ id, size: bytes.length, processing_info: { state: 'pending', check_after_secs: expect.any(Number) } });
    const early = await tweet({ text: `too soon ${tag}`, media: { media_ids: [id] } });
    expect(early.status).toBe(400);
    const done = await until(() => call('GET', `/twitter/2/media/upload?media_id=${id}&command=STATUS`, { token }), (r) => ['succeeded', 'failed'].includes(r.body.data.processing_info.state));
    expect(done.body.data.processing_info.state).toBe('succeeded');
    const posted = await tweet({ text: `Video ${tag}`, media: { media_ids: [id] } });
    expect(posted.status).toBe(201);
    expect((await posts('twitter')).find((p) => p.id === posted.body.data.id)?.media[0]).toMatchObject({ kind: 'video', width: 360, height: 640 });
  });

  it('a dead token gets 401; an asked-for rate limit gets 429 with x-rate-limit-reset', async () => {
    expect(await call('POST', '/twitter/2/tweets', { token: 'nope', json: { text: 'x' } })).toMatchObject(PLATFORMS.twitter.authError());
    await fail('twitter', token, 'rate_limit');
    const limited = await tweet({ text: `limited ${tag}` });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('x-rate-limit-reset'))).toBeGreaterThan(Date.now() / 1000);
    await fail('twitter', token, 'server_error');
    expect((await tweet({ text: `outage ${tag}` })).status).toBe(503);
    expect((await tweet({ text: `after ${tag}` })).status).toBe(201);
  });
});

// ---- TikTok --------------------------------------------------------------------------------

describe('TikTok', { retry: 2 }, () => {
  let token: string;
  let tag: string;
  beforeEach(async () => {
    token = await tokenFor('tiktok');
    tag = randomBytes(3).toString('hex');
  });
  const statusOf = (publishId: string) => call('POST', '/tiktok/v2/post/publish/status/fetch/', { token, json: { publish_id: publishId } });
  const settled = (publishId: string) => until(() => statusOf(publishId), (r) => !String(r.body.data.status).startsWith('PROCESSING'));

  it('creator info, then a video pulled from a URL: PROCESSING_DOWNLOAD → PUBLISH_COMPLETE; view counts grow', async () => {
    const info = await call('POST', '/tiktok/v2/post/publish/creator_info/query/', { token });
    expect(info.body).toMatchObject({
      data: { creator_username: PLATFORMS.tiktok.demo.username, privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'], max_video_post_duration_sec: 600 },
      error: { code: 'ok', message: '' },
    });
    const init = await call('POST', '/tiktok/v2/post/publish/video/init/', {
      token,
      json: { post_info: { title: `Studio day ${tag} #shotcraft`, privacy_level: 'PUBLIC_TO_EVERYONE', disable_comment: false, disable_duet: false, disable_stitch: false }, source_info: { source: 'PULL_FROM_URL', video_url: `${media}/clip.mp4` } },
    });
    expect(init.body).toMatchObject({ data: { publish_id: expect.any(String) }, error: { code: 'ok' } });
    expect((await statusOf(init.body.data.publish_id)).body.data.status).toBe('PROCESSING_DOWNLOAD');
    const done = await settled(init.body.data.publish_id);
    expect(done.body.data).toMatchObject({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: [expect.any(Number)] });
    const postId = String(done.body.data.publicaly_available_post_id[0]);

    const query = async () => (await call('POST', '/tiktok/v2/video/query/?fields=id,title,create_time,like_count,comment_count,share_count,view_count', { token, json: { filters: { video_ids: [postId] } } })).body;
    const fresh = await query();
    expect(fresh).toMatchObject({ data: { videos: [{ id: postId, title: `Studio day ${tag} #shotcraft`, create_time: expect.any(Number) }] }, error: { code: 'ok' } });
    await age(postId, 240);
    const later = await query();
    expect(later.data.videos[0].view_count).toBeGreaterThan(fresh.data.videos[0].view_count);
  });

  it('FILE_UPLOAD: the upload_url takes the bytes with Content-Range, then the post completes', async () => {
    const bytes = files.get('/clip.mp4')!.bytes;
    const init = await call('POST', '/tiktok/v2/post/publish/video/init/', {
      token,
      json: { post_info: { title: `Upload ${tag}`, privacy_level: 'SELF_ONLY' }, source_info: { source: 'FILE_UPLOAD', video_size: bytes.length, chunk_size: bytes.length, total_chunk_count: 1 } },
    });
    expect(init.body.data).toMatchObject({ publish_id: expect.any(String), upload_url: expect.stringContaining('/video/?upload_id=') });
    expect((await statusOf(init.body.data.publish_id)).body.data.status).toBe('PROCESSING_UPLOAD');
    const put = await fetch(init.body.data.upload_url, { method: 'PUT', headers: { 'content-type': 'video/mp4', 'content-range': `bytes 0-${bytes.length - 1}/${bytes.length}` }, body: new Uint8Array(bytes) });
    expect(put.status).toBe(201);
    const done = await settled(init.body.data.publish_id);
    // A private post completes but is not publicly available.
    expect(done.body.data).toMatchObject({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: [], uploaded_bytes: bytes.length });
  });

  it('photos: JPEG posts, PNG fails file_format_check_failed, a dead URL photo_pull_failed; limits and privacy are checked', async () => {
    const photo = (images: string[], post_info: Json = {}) =>
      call('POST', '/tiktok/v2/post/publish/content/init/', {
        token,
        json: { post_info: { title: `Photos ${tag}`, description: 'A set', privacy_level: 'PUBLIC_TO_EVERYONE', ...post_info }, source_info: { source: 'PULL_FROM_URL', photo_images: images, photo_cover_index: 0 }, post_mode: 'DIRECT_POST', media_type: 'PHOTO' },
      });
    const good = await photo([`${media}/portrait.jpg`, `${media}/square.jpg`]);
    expect((await settled(good.body.data.publish_id)).body.data.status).toBe('PUBLISH_COMPLETE');
    const png = await photo([`${media}/square.png`]);
    expect((await settled(png.body.data.publish_id)).body.data).toMatchObject({ status: 'FAILED', fail_reason: 'file_format_check_failed' });
    const gone = await photo([`${media}/gone.jpg`]);
    expect((await settled(gone.body.data.publish_id)).body.data).toMatchObject({ status: 'FAILED', fail_reason: 'photo_pull_failed' });

    expect((await photo([`${media}/square.jpg`], { title: 'x'.repeat(91) })).body.error.code).toBe('invalid_param');
    const mismatch = await photo([`${media}/square.jpg`], { privacy_level: 'EVERYONE' });
    expect(mismatch.status).toBe(403);
    expect(mismatch.body.error.code).toBe('privacy_level_option_mismatch');
  });

  it('refuses a pull from a URL prefix the app has not verified, before anything is fetched', async () => {
    const stranger = media.replace('127.0.0.1', 'localhost');
    const before = requested.length;
    const video = await call('POST', '/tiktok/v2/post/publish/video/init/', { token, json: { post_info: { title: 'x', privacy_level: 'SELF_ONLY' }, source_info: { source: 'PULL_FROM_URL', video_url: `${stranger}/clip.mp4` } } });
    expect(video.status).toBe(403);
    expect(video.body).toMatchObject({ data: {}, error: { code: 'url_ownership_unverified', message: expect.stringContaining(new URL(stranger).host) } });
    const photos = await call('POST', '/tiktok/v2/post/publish/content/init/', {
      token,
      json: { post_info: { title: 'x', privacy_level: 'SELF_ONLY' }, source_info: { source: 'PULL_FROM_URL', photo_images: [`${media}/square.jpg`, `${stranger}/portrait.jpg`], photo_cover_index: 0 }, post_mode: 'DIRECT_POST', media_type: 'PHOTO' },
    });
    expect(photos.status).toBe(403);
    expect(photos.body.error.code).toBe('url_ownership_unverified');
    expect(requested.length).toBe(before);
  });

  it('a dead token, a rate limit and a media rejection asked for, in TikTok\'s words', async () => {
    expect(await call('POST', '/tiktok/v2/post/publish/creator_info/query/', { token: 'nope' })).toMatchObject(PLATFORMS.tiktok.authError());
    const init = () => call('POST', '/tiktok/v2/post/publish/video/init/', { token, json: { post_info: { title: 'x', privacy_level: 'SELF_ONLY' }, source_info: { source: 'PULL_FROM_URL', video_url: `${media}/clip.mp4` } } });
    await fail('tiktok', token, 'rate_limit');
    const limited = await init();
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limit_exceeded');
    await fail('tiktok', token, 'media_rejected');
    const rejected = await init();
    expect((await settled(rejected.body.data.publish_id)).body.data).toMatchObject({ status: 'FAILED', fail_reason: 'file_format_check_failed' });
  });
});

// ---- Pinterest -----------------------------------------------------------------------------

describe('Pinterest', () => {
  let token: string;
  beforeAll(async () => {
    token = await tokenFor('pinterest');
  });

  it('boards (with "default"), an image pin, reading it back, and analytics that grow', async () => {
    const list = await call('GET', '/pinterest/v5/boards', { token });
    expect(list.body.bookmark).toBeNull();
    const board = list.body.items.find((b: Json) => b.name === 'default');
    expect(board).toMatchObject({ id: expect.any(String), privacy: 'PUBLIC', owner: { username: PLATFORMS.pinterest.demo.username }, pin_count: expect.any(Number) });
    const made = await call('POST', '/pinterest/v5/boards', { token, json: { name: `Lookbook ${run}`, description: 'Autumn', privacy: 'PUBLIC' } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: `Lookbook ${run}`, description: 'Autumn', privacy: 'PUBLIC' });

    const pin = await call('POST', '/pinterest/v5/pins', {
      token,
      json: { board_id: made.body.id, title: `Knit ${run}`, description: 'Warm and soft', link: 'https://shotcraft.example/knit', alt_text: 'A blue square', media_source: { source_type: 'image_url', url: `${media}/portrait.jpg` } },
    });
    expect(pin.status).toBe(201);
    expect(pin.body).toMatchObject({ id: expect.any(String), board_id: made.body.id, title: `Knit ${run}`, description: 'Warm and soft', link: 'https://shotcraft.example/knit', media: { media_type: 'image', images: { '600x': { url: `${media}/portrait.jpg`, width: 600, height: 750 } } } });
    expect((await call('GET', `/pinterest/v5/pins/${pin.body.id}`, { token })).body).toMatchObject({ id: pin.body.id, title: `Knit ${run}` });

    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const analytics = async () => (await call('GET', `/pinterest/v5/pins/${pin.body.id}/analytics?start_date=${weekAgo}&end_date=${today}&metric_types=IMPRESSION,SAVE,PIN_CLICK,OUTBOUND_CLICK`, { token })).body;
    const fresh = await analytics();
    expect(fresh.all.daily_metrics).toHaveLength(8);
    expect(fresh.all.daily_metrics[0]).toMatchObject({ date: weekAgo, data_status: 'READY', metrics: { IMPRESSION: expect.any(Number), SAVE: expect.any(Number) } });
    await age(pin.body.id, 3 * 24 * 60);
    const later = await analytics();
    expect(later.all.lifetime_metrics.IMPRESSION).toBeGreaterThan(fresh.all.lifetime_metrics.IMPRESSION);
    expect(later.all.summary_metrics.IMPRESSION).toBe(later.all.daily_metrics.reduce((s: number, d: Json) => s + d.metrics.IMPRESSION, 0));
    const account = await call('GET', `/pinterest/v5/user_account/analytics?start_date=${weekAgo}&end_date=${today}`, { token });
    expect(account.body.all.summary_metrics.IMPRESSION).toBeGreaterThan(0);
  });

  it('refuses long titles (400 code 1), an unknown board (404), an image it cannot fetch; rate limit 429 code 8', async () => {
    const boardId = (await call('GET', '/pinterest/v5/boards', { token })).body.items[0].id;
    const pin = (body: Json) => call('POST', '/pinterest/v5/pins', { token, json: { board_id: boardId, media_source: { source_type: 'image_url', url: `${media}/square.png` }, ...body } });
    const long = await pin({ title: 't'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 1, message: expect.any(String) });
    expect((await pin({ description: 'd'.repeat(501) })).status).toBe(400);
    const noBoard = await pin({ board_id: '1' });
    expect(noBoard.status).toBe(404);
    expect(noBoard.body).toMatchObject({ code: 40 });
    expect((await pin({ media_source: { source_type: 'image_url', url: `${media}/gone.jpg` } })).status).toBe(400);
    expect((await pin({ title: `PNG ${run}` })).status).toBe(201);
    expect(await call('GET', '/pinterest/v5/boards', { token: 'nope' })).toMatchObject(PLATFORMS.pinterest.authError());
    await fail('pinterest', token, 'rate_limit');
    const limited = await pin({});
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 8 });
    await fail('pinterest', token, 'token_expired');
    expect(await pin({})).toMatchObject(PLATFORMS.pinterest.authError());
    expect((await pin({ title: `After ${run}` })).status).toBe(201);
  });

  it('a video pin: register media, upload, wait for succeeded, pin with video_id', async () => {
    const reg = await call('POST', '/pinterest/v5/media', { token, json: { media_type: 'video' } });
    expect(reg.status).toBe(201);
    expect(reg.body).toMatchObject({ media_id: expect.any(String), media_type: 'video', upload_url: expect.any(String), upload_parameters: expect.any(Object) });
    expect((await call('GET', `/pinterest/v5/media/${reg.body.media_id}`, { token })).body.status).toBe('registered');
    const form = new FormData();
    for (const [k, v] of Object.entries(reg.body.upload_parameters as Record<string, string>)) form.set(k, v);
    form.set('file', new Blob([new Uint8Array(files.get('/clip.mp4')!.bytes)], { type: 'video/mp4' }), 'clip.mp4');
    expect((await fetch(reg.body.upload_url, { method: 'POST', body: form })).status).toBe(204);
    const done = await until(() => call('GET', `/pinterest/v5/media/${reg.body.media_id}`, { token }), (r) => r.body.status !== 'processing');
    expect(done.body.status).toBe('succeeded');
    const boardId = (await call('GET', '/pinterest/v5/boards', { token })).body.items[0].id;
    const pin = await call('POST', '/pinterest/v5/pins', { token, json: { board_id: boardId, title: `Video ${run}`, media_source: { source_type: 'video_id', media_id: reg.body.media_id, cover_image_url: `${media}/portrait.jpg` } } });
    expect(pin.status).toBe(201);
    expect(pin.body.media).toMatchObject({ media_type: 'video', width: 360, height: 640 });
  });
});

// ---- what was posted -----------------------------------------------------------------------

describe('what was posted', () => {
  it('the HTML page shows each post with its media, escaped, filterable by platform; the index links to it', async () => {
    const token = await tokenFor('pinterest');
    const boardId = (await call('GET', '/pinterest/v5/boards', { token })).body.items[0].id;
    const text = `On the page ${run} <b>escaped</b>`;
    const pin = await call('POST', '/pinterest/v5/pins', { token, json: { board_id: boardId, description: text, media_source: { source_type: 'image_url', url: `${media}/square.jpg` } } });
    const page = await fetch(`${base}/posts`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const htmlText = await page.text();
    expect(htmlText).toContain('<h1>Posted on the local platforms</h1>');
    expect(htmlText).toContain('color-scheme: light dark');
    expect(htmlText).toContain(`On the page ${run} &lt;b&gt;escaped&lt;/b&gt;`);
    expect(htmlText).toContain(`<img src="${media}/square.jpg" alt="Pinterest image 1 (1080×1080)"`);
    expect(htmlText).toContain(pin.body.id);
    expect(await (await fetch(`${base}/`)).text()).toContain('href="/posts"');
    const filtered = await (await fetch(`${base}/posts?platform=twitter`)).text();
    expect(filtered).not.toContain(pin.body.id);
    // (POST /_devstack/reset empties the list; not exercised here, other test files share the stand-in.)
  });
});
