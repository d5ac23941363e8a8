/**
 * The worker's side of the job contract (claim_job, the sweeper), the dashboard read models after
 * a known sequence of jobs, and check_rate_limit.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, pgClient, serviceClient } from '../helpers/clients.js';
import { completeJob, creditState, failJob, newActor, setBalance, startJob } from './support.js';

let su: pg.Client;
const service = serviceClient();

beforeAll(async () => {
  su = await pgClient();
});
afterAll(async () => {
  await su.end();
});

const refundsFor = async (jobId: string) =>
  (await su.query(`select delta from public.credit_ledger where job_id = $1 and reason = 'job_refund'`, [jobId])).rows;

describe('claim_job', () => {
  it('moves the user\'s queued job to processing and returns what the worker needs', async () => {
    const me = await newActor();
    const job = await startJob(me.db, 'refine_image', { preset: 'upscale', source_path: `${me.id}/refine_image/a.png` });
    const { data, error } = await service.rpc('claim_job', { job_id: job.job_id, user_id: me.id });
    expect(error).toBeNull();
    expect(data).toMatchObject({ job_id: job.job_id, user_id: me.id, studio: 'refine_image', preset: 'upscale', source_path: `${me.id}/refine_image/a.png`, credits_charged: 3 });
    expect((await me.db.from('image_jobs').select('status').single()).data).toEqual({ status: 'processing' });
  });

  it('refuses unknown, foreign, already claimed and expired jobs', async () => {
    const me = await newActor();
    const other = await newActor();
    const claim = (jobId: string, userId: string) => service.rpc('claim_job', { job_id: jobId, user_id: userId });
    const a = await startJob(me.db, 'lightbox');
    const b = await startJob(me.db, 'lightbox');

    expect(await claim('00000000-0000-4000-8000-00000000beef', me.id)).toMatchObject({ status: 404, error: { details: 'job_not_found' } });
    expect(await claim(a.job_id, other.id)).toMatchObject({ status: 403, error: { code: 'PT403', details: 'job_forbidden' } });
    expect((await claim(a.job_id, me.id)).error).toBeNull();
    expect(await claim(a.job_id, me.id)).toMatchObject({ status: 409, error: { code: 'PT409', details: 'job_not_queued' } });
    await su.query(`update public.image_jobs set expires_at = now() - interval '1 second' where id = $1`, [b.job_id]);
    expect(await claim(b.job_id, me.id)).toMatchObject({ status: 409, error: { code: 'PT409', details: 'job_expired' } });
  });

  it('refuses a claim that names no user (the ownership check must not be skipped)', async () => {
    const me = await newActor();
    const job = await startJob(me.db, 'lightbox');
    const res = await service.rpc('claim_job', { job_id: job.job_id, user_id: null });
    expect(res).toMatchObject({ status: 403, error: { details: 'job_forbidden' } });
    expect((await me.db.from('image_jobs').select('status').single()).data).toEqual({ status: 'queued' });
  });

  it('is for the service role only', async () => {
    const me = await newActor();
    const job = await startJob(me.db, 'lightbox');
    expect(await me.db.rpc('claim_job', { job_id: job.job_id, user_id: me.id })).toMatchObject({ status: 403, error: { code: '42501' } });
    expect(await anonClient().rpc('claim_job', { job_id: job.job_id, user_id: me.id })).toMatchObject({ status: 401, error: { code: '42501' } });
  });
});

describe('sweep_stale_jobs', () => {
  it('fails and refunds expired jobs once, and leaves fresh ones alone', async () => {
    const me = await newActor();
    await setBalance(su, me.id, 20);
    const stale = [await startJob(me.db, 'lightbox'), await startJob(me.db, 'ugc')];
    const fresh = await startJob(me.db, 'refine_image');
    await service.rpc('claim_job', { job_id: stale[1].job_id, user_id: me.id });
    await su.query(`update public.image_jobs set expires_at = now() - interval '1 minute' where id = $1`, [stale[0].job_id]);
    await su.query(`update public.videos set expires_at = now() - interval '1 minute' where id = $1`, [stale[1].job_id]);

    const first = await service.rpc('sweep_stale_jobs');
    expect(first.error).toBeNull();
    const second = await service.rpc('sweep_stale_jobs');
    expect(second.error).toBeNull();

    const { data: image } = await me.db.from('image_jobs').select('id, status').order('created_at');
    expect(image).toEqual([{ id: stale[0].job_id, status: 'failed' }, { id: fresh.job_id, status: 'queued' }]);
    expect((await me.db.from('videos').select('status, err').single()).data).toEqual({
      status: 'failed', err: 'The job timed out and your credits were refunded.',
    });
    for (const s of stale) expect(await refundsFor(s.job_id)).toHaveLength(1);
    expect(await creditState(su, me.id)).toEqual({ credits: 18, ledger: 18 });
  });

  it('is for the service role only', async () => {
    const me = await newActor();
    expect(await me.db.rpc('sweep_stale_jobs')).toMatchObject({ status: 403, error: { code: '42501' } });
  });
});

describe('read models', () => {
  it('credit_summary and dashboard_stats agree with a known sequence of jobs', async () => {
    const me = await newActor();
    await setBalance(su, me.id, 23);
    const done = async (studio: string, options = {}) => {
      const j = await startJob(me.db, studio, options);
      expect((await completeJob(me.id, j.job_id)).error).toBeNull();
    };
    await done('lightbox', { title: 'Mug' });
    await failJob((await startJob(me.db, 'lightbox')).job_id);
    await done('refine_image', { preset: 'upscale' });
    await done('spin360');
    await startJob(me.db, 'ugc'); // still in flight: counts as used until refunded
    await su.query('update public.videos set views = 100, engagement = 7 where user_id = $1 and studio = $2', [me.id, 'spin360']);

    const summary = await me.db.rpc('credit_summary');
    expect(summary.error).toBeNull();
    expect(summary.data).toEqual({
      total_credits: 9, lightbox_credits_used: 1, refine_image_credits_used: 3, spin360_credits_used: 5,
      ugc_credits_used: 5, competitor_ad_credits_used: 0, subscription_plan: 'trial', subscription_status: 'active',
      can_use_lightbox: true, can_use_refine_image: true, can_use_spin360: true, can_use_ugc: true, can_use_competitor_ad: false,
    });

    const stats = await me.db.rpc('dashboard_stats');
    expect(stats.error).toBeNull();
    expect(stats.data).toMatchObject({
      total_generations: 3, lightbox_count: 1, refine_count: 1, spin360_count: 1, ugc_count: 0, competitor_ad_count: 0,
      total_views: 100, total_engagement: 7, credits_used: 14,
    });
    const recent = stats.data.recent_activity as { kind: string; studio: string; status: string }[];
    expect(recent.map((r) => `${r.kind}:${r.studio}:${r.status}`)).toEqual([
      'video:ugc:queued', 'video:spin360:completed', 'image:refine_image:completed', 'image:lightbox:failed', 'image:lightbox:completed',
    ]);
  });

  it('a video\'s views and engagement are its posts\' latest figures as the analytics sync stores them; an image\'s posts change no video', async () => {
    const me = await newActor();
    await setBalance(su, me.id, 20);
    const spin = await startJob(me.db, 'spin360');
    expect((await completeJob(me.id, spin.job_id, { mime_type: 'video/mp4' })).error).toBeNull();
    const lightbox = await startJob(me.db, 'lightbox', { title: 'Mug' });
    expect((await completeJob(me.id, lightbox.job_id)).error).toBeNull();
    const contentOf = async (jobId: string) => (await su.query<{ id: string }>('select id from public.content_generations where job_id = $1', [jobId])).rows[0]!.id;
    const { rows: [account] } = await su.query<{ id: string }>(
      `insert into public.social_accounts (user_id, platform, username, account_id) values ($1, 'instagram', 'maker', 'ig-1') returning id`, [me.id]);
    const post = async (contentId: string, contentType: string) => (await su.query<{ id: string }>(
      `insert into public.social_posts (user_id, social_account_id, platform, content_type, content_id, status, posted_at)
       values ($1, $2, 'instagram', $3, $4, 'posted', now()) returning id`, [me.id, account!.id, contentType, contentId])).rows[0]!.id;
    const reel = await post(await contentOf(spin.job_id), 'video');
    const story = await post(await contentOf(spin.job_id), 'video');
    const photo = await post(await contentOf(lightbox.job_id), 'image');
    const figures = (postId: string, date: string, f: { video_views: number | null; impressions: number; likes: number; comments: number; shares: number }) => su.query(
      `insert into public.social_post_metrics (post_id, date, user_id, social_account_id, platform, video_views, impressions, likes, comments, shares)
       values ($1, $2, $3, $4, 'instagram', $5, $6, $7, $8, $9)
       on conflict (post_id, date) do update set video_views = excluded.video_views, impressions = excluded.impressions, likes = excluded.likes, comments = excluded.comments, shares = excluded.shares`,
      [postId, date, me.id, account!.id, f.video_views, f.impressions, f.likes, f.comments, f.shares]);

    await figures(reel, '2026-11-01', { video_views: 50, impressions: 80, likes: 5, comments: 1, shares: 0 });
    await figures(reel, '2026-11-02', { video_views: 120, impressions: 200, likes: 9, comments: 2, shares: 1 });
    // A platform without a play count: its impressions stand in.
    await figures(story, '2026-11-02', { video_views: null, impressions: 30, likes: 3, comments: 0, shares: 0 });
    await figures(photo, '2026-11-02', { video_views: null, impressions: 5000, likes: 400, comments: 10, shares: 5 });

    const { rows: [video] } = await su.query('select views, engagement from public.videos where id = $1', [spin.job_id]);
    expect(video).toEqual({ views: 150, engagement: 15 });
    const stats = await me.db.rpc('dashboard_stats');
    expect(stats.data).toMatchObject({ total_views: 150, total_engagement: 15 });

    // The next sync's figures replace the day's: the sum follows.
    await figures(story, '2026-11-02', { video_views: null, impressions: 45, likes: 4, comments: 0, shares: 0 });
    expect((await su.query('select views, engagement from public.videos where id = $1', [spin.job_id])).rows[0]).toEqual({ views: 165, engagement: 16 });
  });

  it('a user cannot set a video\'s figures: not on the row, not by writing post figures, not by posting someone else\'s video', async () => {
    const owner = await newActor();
    await setBalance(su, owner.id, 20);
    const spin = await startJob(owner.db, 'spin360');
    expect((await completeJob(owner.id, spin.job_id, { mime_type: 'video/mp4' })).error).toBeNull();
    const { rows: [content] } = await su.query<{ id: string }>('select id from public.content_generations where job_id = $1', [spin.job_id]);

    // The owner, with their own session.
    await owner.db.from('videos').update({ views: 999_999, engagement: 999_999 }).eq('id', spin.job_id);
    const { rows: [account] } = await su.query<{ id: string }>(
      `insert into public.social_accounts (user_id, platform, username, account_id) values ($1, 'instagram', 'maker', 'ig-2') returning id`, [owner.id]);
    const { data: post } = await owner.db.from('social_posts').insert({ user_id: owner.id, social_account_id: account!.id, platform: 'instagram', content_type: 'video', content_id: content!.id, scheduled_for: new Date(Date.now() + 3_600_000).toISOString() }).select('id').single();
    // The same post is the owner's to make (so the other user's refusal below is about whose video it is).
    expect(post?.id).toBeTruthy();
    const forged = await owner.db.from('social_post_metrics').insert({ post_id: post!.id, date: '2026-11-02', user_id: owner.id, social_account_id: account!.id, platform: 'instagram', video_views: 999_999 });
    expect(forged.error).not.toBeNull();

    // Another user posting the owner's video from their own account.
    const other = await newActor();
    const { rows: [theirs] } = await su.query<{ id: string }>(
      `insert into public.social_accounts (user_id, platform, username, account_id) values ($1, 'instagram', 'other', 'ig-3') returning id`, [other.id]);
    const borrowed = await other.db.from('social_posts').insert({ user_id: other.id, social_account_id: theirs!.id, platform: 'instagram', content_type: 'video', content_id: content!.id, scheduled_for: new Date(Date.now() + 3_600_000).toISOString() });
    expect(borrowed.error).not.toBeNull();

    expect((await su.query('select views, engagement from public.videos where id = $1', [spin.job_id])).rows[0]).toEqual({ views: 0, engagement: 0 });
  });

  it('are refused to anonymous callers', async () => {
    for (const fn of ['credit_summary', 'dashboard_stats']) {
      expect(await anonClient().rpc(fn)).toMatchObject({ status: 401, error: { code: '42501' } });
    }
  });
});

describe('check_rate_limit', () => {
  it('allows `limit` calls in a window, then refuses (a refused call counts nothing), counting only for the caller', async () => {
    const me = await newActor();
    const other = await newActor();
    const call = () => me.db.rpc('check_rate_limit', { endpoint: 'refine', limit: 3, window_minutes: 60, p_user_id: other.id });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await call()).data);
    expect(answers.map((a) => [a.allowed, a.remaining])).toEqual([[true, 2], [true, 1], [true, 0], [false, 0]]);
    expect((await me.db.from('rate_limits').select('endpoint, request_count')).data).toEqual([{ endpoint: 'refine', request_count: 3 }]);
    expect((await other.db.from('rate_limits').select('endpoint')).data).toEqual([]);
  });

  it('counts for a named user when the service role asks, and rejects bad arguments', async () => {
    const me = await newActor();
    const { data } = await service.rpc('check_rate_limit', { endpoint: 'worker:lightbox', limit: 1, p_user_id: me.id });
    expect(data).toMatchObject({ allowed: true, limit: 1, remaining: 0 });
    expect((await me.db.from('rate_limits').select('endpoint, request_count')).data).toEqual([{ endpoint: 'worker:lightbox', request_count: 1 }]);
    expect((await me.db.rpc('check_rate_limit', { endpoint: 'Bad Endpoint' })).error).toMatchObject({ code: '22023', details: 'invalid_rate_limit' });
    expect((await me.db.rpc('check_rate_limit', { endpoint: 'x', limit: 0 })).error).toMatchObject({ details: 'invalid_rate_limit' });
    expect(await anonClient().rpc('check_rate_limit', { endpoint: 'x' })).toMatchObject({ status: 401, error: { code: '42501' } });
  });
});
