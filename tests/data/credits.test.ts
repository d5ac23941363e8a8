/**
 * The job and credit contract (docs/architecture.md §4): start_job debits atomically, fail_job refunds
 * exactly once, complete_job/fail_job are idempotent, claim_job refuses what the worker must not
 * process, and the read models agree with the ledger.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, pgClient } from '../helpers/clients.js';
import { completeJob, creditState, failJob, newActor, setBalance, startJob } from './support.js';

let su: pg.Client;

beforeAll(async () => {
  su = await pgClient();
});
afterAll(async () => {
  await su.end();
});

const ledgerFor = async (jobId: string) =>
  (await su.query('select reason, delta from public.credit_ledger where job_id = $1 order by id', [jobId])).rows;

describe('sign-up', () => {
  it('gives a new user the trial plan, 5 credits from a signup_grant ledger row, and their sign-up details', async () => {
    const me = await newActor({
      full_name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace', company: 'Engines Ltd',
      role: 'founder', team_size: 'small', use_case: 'product', agree_to_marketing: true,
    });
    const { data: profile, error } = await me.db.from('profiles').select('*').single();
    expect(error).toBeNull();
    expect(profile).toMatchObject({
      user_id: me.id, email: me.user.email, plan: 'trial', credits: 5, full_name: 'Ada Lovelace', first_name: 'Ada',
      last_name: 'Lovelace', company: 'Engines Ltd', role: 'founder', team_size: 'small', use_case: 'product',
      marketing_opt_in: true,
    });
    const { data: ledger } = await me.db.from('credit_ledger').select('delta, reason, balance_after');
    expect(ledger).toEqual([{ delta: 5, reason: 'signup_grant', balance_after: 5 }]);
  });

  it('ignores a plan or credits smuggled into the sign-up or a later metadata update', async () => {
    const me = await newActor({ plan: 'enterprise', credits: 9999, usage_limits: { x: 1 } });
    await me.db.auth.updateUser({ data: { plan: 'professional', credits: 500 } });
    const { data } = await me.db.from('profiles').select('plan, credits, usage_limits').single();
    expect(data).toEqual({ plan: 'trial', credits: 5, usage_limits: {} });
    expect(await creditState(su, me.id)).toEqual({ credits: 5, ledger: 5 });
  });

  it('drops sign-up values outside the allowed lists instead of failing the sign-up', async () => {
    const me = await newActor({ role: 'ceo', team_size: 'huge', use_case: 'x' });
    const { data } = await me.db.from('profiles').select('role, team_size, use_case, credits').single();
    expect(data).toEqual({ role: null, team_size: null, use_case: null, credits: 5 });
  });
});

describe('start_job', () => {
  it('lets exactly 10 of 50 concurrent lightbox jobs through on a balance of 10', async () => {
    const me = await newActor();
    await setBalance(su, me.id, 10);
    const results = await Promise.all(Array.from({ length: 50 }, () => me.db.rpc('start_job', { studio: 'lightbox', options: {} })));
    const ok = results.filter((r) => !r.error);
    const refused = results.filter((r) => r.error);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.error).toMatchObject({ code: 'P0001', details: 'insufficient_credits' });
    expect(ok.map((r) => r.data.balance).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

    const { data: profile } = await me.db.from('profiles').select('credits').single();
    expect(profile).toEqual({ credits: 0 });
    expect(await creditState(su, me.id)).toEqual({ credits: 0, ledger: 0 });
    const { data: jobs } = await me.db.from('image_jobs').select('status, credits_charged');
    expect(jobs).toHaveLength(10);
    expect(jobs!.every((j) => j.status === 'queued' && j.credits_charged === 1)).toBe(true);
    const { data: clicks } = await me.db.from('webhook_clicks').select('status, credits_deducted, studio_type');
    expect(clicks).toHaveLength(10);
    expect(clicks!.every((c) => c.status === 'started' && c.credits_deducted === 1 && c.studio_type === 'lightbox')).toBe(true);
  });

  it('charges the price from studio_prices, whatever the client sends', async () => {
    const me = await newActor();
    await setBalance(su, me.id, 40);
    expect(await startJob(me.db, 'refine_image', { preset: 'upscale', cost: 0, credits: 0 })).toMatchObject({ cost: 3, balance: 37 });
    expect(await startJob(me.db, 'refine_image', { preset: 'color' })).toMatchObject({ cost: 2, balance: 35 });
    expect(await startJob(me.db, 'spin360', { title: 'Sneaker' })).toMatchObject({ cost: 5, balance: 30 });
    expect(await startJob(me.db, 'competitor_ad')).toMatchObject({ cost: 10, balance: 20 });
    const { data: videos } = await me.db.from('videos').select('studio, style, title, status').order('created_at');
    expect(videos).toEqual([
      { studio: 'spin360', style: '360_video', title: 'Sneaker', status: 'queued' },
      { studio: 'competitor_ad', style: 'facebook_ad', title: 'Competitor Ad Analyzer', status: 'queued' },
    ]);
  });

  it('refuses an insufficient balance with the balance and price in the hint, and changes nothing', async () => {
    const me = await newActor();
    const { error, status } = await me.db.rpc('start_job', { studio: 'competitor_ad', options: {} });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'P0001', details: 'insufficient_credits', hint: 'This needs 10 credits and your balance is 5.' });
    expect(await creditState(su, me.id)).toEqual({ credits: 5, ledger: 5 });
  });

  it('refuses unknown studios, bad options and source files outside the caller\'s folder', async () => {
    const me = await newActor();
    const other = await newActor();
    const call = (studio: string, options: unknown) => me.db.rpc('start_job', { studio, options });
    expect((await call('photoshop', {})).error).toMatchObject({ code: '22023', details: 'invalid_studio' });
    expect((await call('lightbox', { preset: 'Bad Preset!' })).error).toMatchObject({ code: '22023', details: 'invalid_options' });
    expect((await call('lightbox', [1, 2])).error).toMatchObject({ code: '22023', details: 'invalid_options' });
    expect((await call('lightbox', { source_path: `${other.id}/lightbox/a.png` })).error).toMatchObject({ code: '42501', details: 'forbidden_source' });
    expect((await call('lightbox', { source_path: `${me.id}/../${other.id}/a.png` })).error).toMatchObject({ details: 'forbidden_source' });
    expect(await creditState(su, me.id)).toEqual({ credits: 5, ledger: 5 });
    expect((await me.db.from('image_jobs').select('id')).data).toEqual([]);
  });

  it('is refused to anonymous callers', async () => {
    const { error, status } = await anonClient().rpc('start_job', { studio: 'lightbox', options: {} });
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '42501' });
  });
});

describe('fail_job and complete_job', () => {
  it('refunds a failed job exactly once, however often and concurrently it is failed', async () => {
    const me = await newActor();
    const job = await startJob(me.db, 'refine_image');
    expect(job).toMatchObject({ cost: 2, balance: 3 });
    const results = await Promise.all(Array.from({ length: 5 }, () => failJob(job.job_id)));
    expect(results.map((r) => r.error)).toEqual([null, null, null, null, null]);
    expect(results.filter((r) => r.data.changed)).toHaveLength(1);
    expect(results.find((r) => r.data.changed)!.data).toMatchObject({ status: 'failed', refunded: 2 });
    const replay = await failJob(job.job_id);
    expect(replay.data).toEqual({ job_id: job.job_id, status: 'failed', refunded: 0, changed: false });

    expect(await ledgerFor(job.job_id)).toEqual([{ reason: 'job_debit', delta: -2 }, { reason: 'job_refund', delta: 2 }]);
    expect(await creditState(su, me.id)).toEqual({ credits: 5, ledger: 5 });
    const { data: row } = await me.db.from('image_jobs').select('status, err').eq('id', job.job_id).single();
    expect(row).toEqual({ status: 'failed', err: 'The image could not be decoded.' });
    const { data: click } = await me.db.from('webhook_clicks').select('status, credits_deducted, error').eq('job_id', job.job_id).single();
    expect(click).toEqual({ status: 'failed', credits_deducted: 0, error: 'The image could not be decoded.' });
  });

  it('completes a job once: one content row, the click completed with the credits charged', async () => {
    const me = await newActor();
    const job = await startJob(me.db, 'spin360', { title: 'Mug spin' });
    const first = await completeJob(me.id, job.job_id, { bucket: 'videos', path: `${me.id}/360 Spin/${job.job_id}.mp4`, mime_type: 'video/mp4' });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ status: 'completed', changed: true });
    const again = await completeJob(me.id, job.job_id);
    expect(again.data).toEqual({ job_id: job.job_id, status: 'completed', changed: false });
    const late = await failJob(job.job_id);
    expect(late.data).toMatchObject({ status: 'completed', refunded: 0, changed: false });

    const { data: content } = await me.db.from('content_generations').select('job_id, content_type, product_name, bucket, credits_used');
    expect(content).toEqual([{ job_id: job.job_id, content_type: '360_video', product_name: 'Mug spin', bucket: 'videos', credits_used: 5 }]);
    const { data: video } = await me.db.from('videos').select('status, credits_used, video_path').single();
    expect(video).toEqual({ status: 'completed', credits_used: 5, video_path: `${me.id}/360 Spin/${job.job_id}.mp4` });
    const { data: click } = await me.db.from('webhook_clicks').select('status, credits_deducted, content_id').single();
    expect(click).toEqual({ status: 'completed', credits_deducted: 5, content_id: first.data.content_id });
    expect(await creditState(su, me.id)).toEqual({ credits: 0, ledger: 0 });
  });

  it('refunds a result the worker doubts (waive_charge): a job_refund row, 0 credits used, the charge said waived', async () => {
    const me = await newActor();
    const job = await startJob(me.db, 'lightbox', { title: 'Glass vase' });
    expect(await creditState(su, me.id)).toEqual({ credits: 4, ledger: 4 });
    const { data, error } = await completeJob(me.id, job.job_id, { waive_charge: true, details: { warnings: ['Check the edges before you publish.'] } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'completed', changed: true, waived: true, refunded: 1 });
    expect(await ledgerFor(job.job_id)).toEqual([{ reason: 'job_debit', delta: -1 }, { reason: 'job_refund', delta: 1 }]);
    expect(await creditState(su, me.id)).toEqual({ credits: 5, ledger: 5 });
    const { data: content } = await me.db.from('content_generations').select('credits_used, metadata').single();
    expect(content).toMatchObject({ credits_used: 0, metadata: { charge: 'waived', warnings: ['Check the edges before you publish.'] } });
    const { data: click } = await me.db.from('webhook_clicks').select('status, credits_deducted').single();
    expect(click).toEqual({ status: 'completed', credits_deducted: 0 });
    // Completed once: a replay neither refunds again nor changes the row.
    expect((await completeJob(me.id, job.job_id, { waive_charge: true })).data).toEqual({ job_id: job.job_id, status: 'completed', changed: false });
    expect(await creditState(su, me.id)).toEqual({ credits: 5, ledger: 5 });
  });

  it('waives at most ten doubtful results a user in 24 hours, then charges them and says so', async () => {
    const me = await newActor();
    await setBalance(su, me.id, 20);
    const outcomes: unknown[] = [];
    for (let i = 0; i < 11; i++) {
      const job = await startJob(me.db, 'lightbox');
      outcomes.push((await completeJob(me.id, job.job_id, { waive_charge: true })).data);
    }
    expect(outcomes.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => expect.objectContaining({ waived: true, refunded: 1 })));
    expect(outcomes[10]).toMatchObject({ waived: false, refunded: 0 });
    expect(await creditState(su, me.id)).toEqual({ credits: 19, ledger: 19 });
    const { data: charges } = await me.db.from('content_generations').select('credits_used, metadata->>charge');
    expect(charges!.filter((c) => c.charge === 'waived' && c.credits_used === 0)).toHaveLength(10);
    expect(charges!.filter((c) => c.charge === 'charged' && c.credits_used === 1)).toHaveLength(1);
    // Another user's waivers are their own.
    const other = await newActor();
    const job = await startJob(other.db, 'lightbox');
    expect((await completeJob(other.id, job.job_id, { waive_charge: true })).data).toMatchObject({ waived: true });
  });

  it('lets no user waive their own charge: complete_job is the worker\'s (service role) only', async () => {
    const me = await newActor();
    const job = await startJob(me.db, 'lightbox');
    const result = { path: `${me.id}/results/${job.job_id}.png`, waive_charge: true };
    expect(await me.db.rpc('complete_job', { job_id: job.job_id, result })).toMatchObject({ status: 403, error: { code: '42501' } });
    expect(await anonClient().rpc('complete_job', { job_id: job.job_id, result })).toMatchObject({ status: 401, error: { code: '42501' } });
    expect(await creditState(su, me.id)).toEqual({ credits: 4, ledger: 4 });
    expect((await me.db.from('image_jobs').select('status').single()).data).toEqual({ status: 'queued' });
  });

  it('does not complete a failed job', async () => {
    const me = await newActor();
    const job = await startJob(me.db, 'lightbox');
    await failJob(job.job_id);
    const { data, error } = await completeJob(me.id, job.job_id);
    expect(error).toBeNull();
    expect(data).toEqual({ job_id: job.job_id, status: 'failed', changed: false });
    expect((await me.db.from('content_generations').select('id')).data).toEqual([]);
    expect(await creditState(su, me.id)).toEqual({ credits: 5, ledger: 5 });
  });

  it('refuses a result outside the user\'s folder and leaves the job queued', async () => {
    const me = await newActor();
    const other = await newActor();
    const job = await startJob(me.db, 'lightbox');
    const { error } = await completeJob(me.id, job.job_id, { path: `${other.id}/x/${job.job_id}.png` });
    expect(error).toMatchObject({ code: '22023', details: 'invalid_result' });
    expect((await me.db.from('image_jobs').select('status').single()).data).toEqual({ status: 'queued' });
  });

  it('answers job_not_found for an unknown job', async () => {
    const { error, status } = await failJob('00000000-0000-4000-8000-00000000dead');
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: 'PT404', details: 'job_not_found' });
  });
});
