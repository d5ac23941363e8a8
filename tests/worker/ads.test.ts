/**
 * Competitor ad analysis and variations against a real devstack: 10 credits once per analysis, a
 * refund when the ad cannot be read or its link is refused (SSRF), variations rate limited and
 * recorded as facebook_ad content; the edge functions' own checks.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { makeTestAd } from '@shotcraft/worker/src/studios/competitor-ad/test-ads.ts';
import { anonClient } from '../helpers/clients.js';
import { creditState, newActor, setBalance, startJob, type Actor } from '../data/support.js';
import { tokenOf, useWorker } from '../helpers/worker.js';
import { callFunction, connected } from '../social/support.js';

const ctx = useWorker();
let ad: Buffer;
let product: Buffer;

beforeAll(async () => {
  ad = (await makeTestAd('square')).png;
  product = await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="100%" height="100%" fill="#f3f4f6"/><rect x="250" y="150" width="300" height="520" rx="60" fill="#16a34a"/></svg>')).jpeg().toBuffer();
});

async function upload(actor: Actor, bytes: Buffer, ext = 'png', type = 'image/png'): Promise<string> {
  const path = `${actor.id}/competitor_ad/${randomUUID()}.${ext}`;
  const { error } = await actor.db.storage.from('raw-uploads').upload(path, bytes, { contentType: type });
  if (error) throw new Error(error.message);
  return path;
}

async function analyse(actor: Actor, jobId: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ job_id: jobId, user_id: actor.id, image_source: 'storage', form_type: 'competitor_ad' })) form.set(k, v);
  const res = await fetch(`${ctx.worker.url}/webhooks/competitor_ad`, { method: 'POST', headers: { Authorization: `Bearer ${await tokenOf(actor)}` }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: { code: string; message: string }; details?: { report?: Record<string, unknown> } } };
}

async function variations(actor: Actor, body: Record<string, unknown>) {
  const res = await fetch(`${ctx.worker.url}/ads/variations`, { method: 'POST', headers: { Authorization: `Bearer ${await tokenOf(actor)}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: { code: string; message: string }; variations?: { id: string; url: string; width: number; height: number }[] } };
}

const fn = async (actor: Actor | null, name: string, body: unknown) => {
  const { api_url, anon_key } = inject('devstack');
  const res = await fetch(`${api_url}/functions/v1/${name}`, { method: 'POST', headers: { apikey: anon_key, 'Content-Type': 'application/json', ...(actor ? { Authorization: `Bearer ${await tokenOf(actor)}` } : {}) }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('competitor ad analysis', { timeout: 180_000 }, () => {
  let me: Actor;
  let analysisId: string;

  it('reads an uploaded ad for 10 credits: the report in details, the annotated ad in the analyzer\'s history and not in the library', async () => {
    me = await newActor();
    await setBalance(ctx.su, me.id, 20);
    const job = await startJob(me.db, 'competitor_ad', { preset: 'default', title: 'Summer Skin Sale', source_path: await upload(me, ad) });
    expect(job.cost).toBe(10);
    const res = await analyse(me, job.job_id);
    expect(res.status).toBe(200);
    expect(res.body.details!.report).toMatchObject({ aspect: '1:1', headline: { text: 'Summer Skin Sale' }, offer: { text: '50% OFF Everything' }, cta: { text: 'Shop Now' } });
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 10, ledger: 10 });
    // A competitor's ad is not the user's content: its own type, outside the library.
    const { data: analyses } = await me.db.from('content_generations').select('content_type, product_name, bucket').eq('job_id', job.job_id);
    expect(analyses).toEqual([{ content_type: 'ad_analysis', product_name: 'Ad analysis - Summer Skin Sale', bucket: 'processed' }]);
    const { data } = await me.db.rpc('list_content', {});
    expect(data).toMatchObject({ items: [], counts: { all: 0, facebook_ad: 0 } });
    analysisId = job.job_id;
  });

  it('makes variations of the user\'s product without charging again, each a Facebook ad in the library', async () => {
    const res = await variations(me, { job_id: analysisId, product_path: await upload(me, product, 'jpg', 'image/jpeg'), headline: 'Fresh greens, fast', offer: 'Free delivery', cta: 'Order now', placements: ['feed_portrait'], count: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.variations).toHaveLength(3);
    expect(res.body.variations!.every((v) => v.width === 1080 && v.height === 1350)).toBe(true);
    const file = await fetch(res.body.variations![0]!.url);
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).height).toBe(1350);
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 10, ledger: 10 });
    const { data } = await me.db.rpc('list_content', { content_type: 'facebook_ad' });
    expect((data as { counts: Record<string, number> }).counts.facebook_ad).toBe(3);
  });

  it('says which library item a variation was made from, and refuses a from_library that is not a list of ids before drawing', async () => {
    const { data: before } = await me.db.from('content_generations').select('id').eq('content_type', 'facebook_ad');
    const source = before![0]!.id as string;
    const bad = await variations(me, { job_id: analysisId, product_path: await upload(me, product, 'jpg', 'image/jpeg'), headline: 'Again', cta: 'Order now', placements: ['feed_square'], from_library: ["x'; drop table content_generations; --"] });
    expect(bad.status).toBe(422);
    expect(bad.body.error!.code).toBe('invalid_options');
    const res = await variations(me, { job_id: analysisId, product_path: await upload(me, product, 'jpg', 'image/jpeg'), headline: 'Again', cta: 'Order now', placements: ['feed_square'], from_library: [source] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { data } = await me.db.from('content_generations').select('from_library:input_data->from_library').in('id', res.body.variations!.map((v) => v.id));
    expect(data).toEqual(res.body.variations!.map(() => ({ from_library: [source] })));
    const { count } = await me.db.from('content_generations').select('id', { count: 'exact', head: true }).eq('content_type', 'facebook_ad');
    expect(count).toBe(before!.length + res.body.variations!.length);
  });

  it('posts the user\'s variation, and refuses to post the competitor\'s ad, now or scheduled', async () => {
    const account = (await connected('pinterest', me)).id;
    const { data: rows } = await me.db.from('content_generations').select('id, content_type').in('content_type', ['ad_analysis', 'facebook_ad']);
    const analysis = rows!.find((r) => r.content_type === 'ad_analysis')!.id;
    const variation = rows!.find((r) => r.content_type === 'facebook_ad')!.id;
    const refused = await callFunction(me, 'social-post', { content_id: analysis, posts: [{ account_id: account, caption: 'Not mine' }] });
    expect(refused).toMatchObject({ status: 400, body: { code: 'not_postable', error: "A competitor's ad is not yours to post. Post one of the variations made from it instead." } });
    const later = await callFunction(me, 'social-post', { content_id: analysis, posts: [{ account_id: account, caption: 'Not mine' }], scheduled_for: new Date(Date.now() + 3_600_000).toISOString() });
    expect(later.status).toBe(400);
    const { count } = await me.db.from('social_posts').select('id', { count: 'exact', head: true });
    expect(count).toBe(0);
    const posted = await callFunction(me, 'social-post', { content_id: variation, posts: [{ account_id: account, caption: 'Fresh greens, fast' }] });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect((posted.body.results as { status: string }[])[0]!.status).toBe('posted');

    // A post of an analysis scheduled before analyses had their own type is failed by the sender, not sent.
    const { rows: [row] } = await ctx.su.query<{ id: string }>(
      `insert into public.social_posts (user_id, social_account_id, platform, content_type, content_id, caption, status, scheduled_for)
       values ($1, $2, 'pinterest', 'image', $3, 'Scheduled long ago', 'scheduled', now() - interval '1 minute') returning id`,
      [me.id, account, analysis],
    );
    const { api_url, service_role_key } = inject('devstack');
    const due = await fetch(`${api_url}/functions/v1/social-publish-due`, { method: 'POST', headers: { Authorization: `Bearer ${service_role_key}`, 'Content-Type': 'application/json' }, body: '{}' });
    expect(due.status).toBe(200);
    const { rows: [after] } = await ctx.su.query<{ status: string; error: string }>('select status, error from public.social_posts where id = $1', [row!.id]);
    expect(after).toEqual({ status: 'failed', error: "A competitor's ad is not yours to post. Post one of the variations made from it instead." });
  });

  it('draws a price as words (markup in it is text) and refuses an overlong one before drawing or storing anything', async () => {
    const before = (await ctx.su.query(`select count(*)::int as n from public.content_generations where user_id = $1`, [me.id])).rows[0].n;
    const long = await variations(me, { job_id: analysisId, product_path: await upload(me, product, 'jpg', 'image/jpeg'), headline: 'Fresh', cta: 'Buy', price: '$1,299.00 per unit, today', placements: ['feed_square'], count: 3 });
    expect([long.status, long.body.error?.code]).toEqual([422, 'invalid_options']);
    expect((await ctx.su.query(`select count(*)::int as n from public.content_generations where user_id = $1`, [me.id])).rows[0].n).toBe(before);
    const marked = await variations(me, { job_id: analysisId, product_path: await upload(me, product, 'jpg', 'image/jpeg'), headline: 'Fresh', cta: 'Buy', price: '<b>$9</b>', placements: ['feed_square'], count: 3 });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.variations).toHaveLength(3);
  });

  it('refuses variations of someone else\'s analysis, and the 101st call in an hour with "Rate limit exceeded"', async () => {
    const other = await newActor();
    const stolen = await variations(other, { job_id: analysisId, product_path: await upload(other, product, 'jpg', 'image/jpeg'), headline: 'Mine', cta: 'Buy', placements: ['feed_square'], count: 3 });
    expect([stolen.status, stolen.body.error?.code]).toEqual([403, 'job_forbidden']);

    await ctx.su.query(`insert into public.rate_limits (user_id, endpoint, window_start, request_count) values ($1, 'ad_variations', to_timestamp(floor(extract(epoch from now()) / 3600) * 3600), 100) on conflict on constraint rate_limits_pkey do update set request_count = 100`, [me.id]);
    const before = (await ctx.su.query(`select count(*)::int as n from public.content_generations where user_id = $1`, [me.id])).rows[0].n;
    const limited = await variations(me, { job_id: analysisId, product_path: await upload(me, product, 'jpg', 'image/jpeg'), headline: 'Again', cta: 'Buy', placements: ['feed_square'], count: 3 });
    expect([limited.status, limited.body.error?.message]).toEqual([429, 'Rate limit exceeded']);
    expect((await ctx.su.query(`select count(*)::int as n from public.content_generations where user_id = $1`, [me.id])).rows[0].n).toBe(before);
  });

  it('refunds an ad it cannot read, and a link to a private address without requesting it', async () => {
    const me2 = await newActor();
    await setBalance(ctx.su, me2.id, 20);
    const text = await startJob(me2.db, 'competitor_ad', { preset: 'default', title: 'x', source_path: await upload(me2, Buffer.from('not an ad at all, just words')) });
    expect(await analyse(me2, text.job_id)).toMatchObject({ status: 415, body: { error: { code: 'unsupported_type' }, refunded: 10 } });
    const ssrf = await startJob(me2.db, 'competitor_ad', { preset: 'default', title: 'x', ad_url: 'http://169.254.169.254/latest/meta-data/iam' });
    expect(await analyse(me2, ssrf.job_id)).toMatchObject({ status: 422, body: { error: { code: 'url_refused' }, refunded: 10 } });
    expect(await creditState(ctx.su, me2.id)).toEqual({ credits: 20, ledger: 20 });
  });
});

describe('the edge functions', () => {
  it('analyze-competitor-ad asks for a session and refuses a private link before reserving anything', async () => {
    expect((await fn(null, 'analyze-competitor-ad', { ad_url: 'https://example.com/ad.png' })).status).toBe(401);
    const me = await newActor();
    await setBalance(ctx.su, me.id, 20);
    for (const url of ['http://127.0.0.1/ad.png', 'http://localhost:54321/rest/v1/', 'file:///etc/passwd', 'http://10.0.0.5/ad.png', 'http://example.com:6379/']) {
      const res = await fn(me, 'analyze-competitor-ad', { ad_url: url });
      expect([res.status, res.body.success], url).toEqual([422, false]);
    }
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 20, ledger: 20 });
    const none = await fn(me, 'analyze-competitor-ad', {});
    expect(none.body).toMatchObject({ success: false, error: expect.stringMatching(/^Failed to upload competitor ad/) });
  });

  it('rate-limiter counts the caller\'s calls and answers "Rate limit exceeded" past the limit', async () => {
    const me = await newActor();
    const first = await fn(me, 'rate-limiter', { endpoint: 'test_probe', limit: 2, window_minutes: 60 });
    expect(first).toMatchObject({ status: 200, body: { success: true, allowed: true, remaining: 1 } });
    await fn(me, 'rate-limiter', { endpoint: 'test_probe', limit: 2, window_minutes: 60 });
    expect(await fn(me, 'rate-limiter', { endpoint: 'test_probe', limit: 2, window_minutes: 60 })).toMatchObject({ status: 429, body: { success: true, allowed: false, error: 'Rate limit exceeded' } });
    expect((await fn(me, 'rate-limiter', { endpoint: 'bad endpoint!', limit: 2 })).status).toBe(400);
    expect((await anonClient().functions.invoke('rate-limiter', { body: { endpoint: 'x' } })).error).toBeTruthy();
  });
});
