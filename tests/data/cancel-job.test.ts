/**
 * cancel_job: a run that failed before the worker took the job is refunded at once, by its owner
 * only, and never once a worker has claimed it.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, pgClient, serviceClient } from '../helpers/clients.js';
import { creditState, newActor, startJob } from './support.js';

const service = serviceClient();
let su: pg.Client;

beforeAll(async () => {
  su = await pgClient();
});
afterAll(async () => {
  await su.end();
});

describe('cancel_job', () => {
  it('refunds the owner\'s queued job once and marks it failed', async () => {
    const me = await newActor();
    const job = await startJob(me.db, 'refine_image');
    const first = await me.db.rpc('cancel_job', { job_id: job.job_id });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ status: 'failed', refunded: 2, changed: true });
    expect(await me.db.rpc('cancel_job', { job_id: job.job_id })).toMatchObject({ data: { status: 'failed', refunded: 0, changed: false } });
    expect((await me.db.from('image_jobs').select('status').single()).data).toEqual({ status: 'failed' });
    const state = await creditState(su, me.id);
    expect(state.credits).toBe(5);
    expect(state.credits).toBe(state.ledger);
  });

  it('leaves a job a worker has claimed to that worker', async () => {
    const me = await newActor();
    const job = await startJob(me.db, 'lightbox');
    expect((await service.rpc('claim_job', { job_id: job.job_id, user_id: me.id })).error).toBeNull();
    expect(await me.db.rpc('cancel_job', { job_id: job.job_id })).toMatchObject({ data: { status: 'processing', refunded: 0, changed: false } });
    expect((await creditState(su, me.id)).credits).toBe(4);
  });

  it('treats another user\'s job as not found and changes nothing', async () => {
    const owner = await newActor();
    const other = await newActor();
    const job = await startJob(owner.db, 'lightbox');
    expect(await other.db.rpc('cancel_job', { job_id: job.job_id })).toMatchObject({ status: 404, error: { details: 'job_not_found' } });
    expect(await anonClient().rpc('cancel_job', { job_id: job.job_id })).toMatchObject({ status: 401, error: { code: '42501' } });
    expect((await owner.db.from('image_jobs').select('status').single()).data).toEqual({ status: 'queued' });
    expect((await creditState(su, owner.id)).credits).toBe(4);
  });
});
