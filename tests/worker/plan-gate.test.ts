/**
 * The worker's free paths keep the studio plan rule (issue 33 #1): UGC previews and ad variations
 * never pass through start_job, so they ask check_studio_plan first — a plan without the studio is
 * refused before any work or rate-limit count, in start_job's words.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { planRequiredMessage } from '../../src/domains/credits/plan-studios.js';
import { TEST_PRODUCT, TEST_SCRIPT } from '@shotcraft/worker/src/studios/ugc/test-ad.ts';
import { newActor, setPlan, type Actor } from '../data/support.js';
import { tokenOf, useWorker } from '../helpers/worker.js';

const ctx = useWorker();

async function post(actor: Actor, route: string, body: Record<string, unknown>) {
  const res = await fetch(`${ctx.worker.url}${route}`, { method: 'POST', headers: { Authorization: `Bearer ${await tokenOf(actor)}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json().catch(() => null)) as { error?: { code: string; message: string }; plan?: string } | null };
}

const calls = async (userId: string, endpoint: string) =>
  (await ctx.su.query<{ n: number }>('select coalesce(sum(request_count), 0)::int as n from public.rate_limits where user_id = $1 and endpoint = $2', [userId, endpoint])).rows[0]!.n;

describe('the worker’s free paths and the plan', { timeout: 60_000 }, () => {
  it('refuses a UGC preview to a professional plan, naming Enterprise, and counts no preview', async () => {
    const me = await newActor();
    await setPlan(ctx.su, me.id, 'professional');
    const res = await post(me, '/previews/ugc', { source_path: `${me.id}/ugc/${randomUUID()}/`, product: TEST_PRODUCT, script: TEST_SCRIPT });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: { message: planRequiredMessage('ugc') }, plan: 'enterprise' });
    expect(await calls(me.id, 'ugc_preview')).toBe(0);
  });

  it('refuses ad variations to a plan without the analyzer, even for an analysis of their own', async () => {
    const me = await newActor();
    await setPlan(ctx.su, me.id, 'starter');
    const res = await post(me, '/ads/variations', { job_id: randomUUID(), product_path: `${me.id}/competitor_ad/product.jpg`, headline: 'Mine', cta: 'Buy', placements: ['feed_square'], count: 3 });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: { message: planRequiredMessage('competitor_ad') }, plan: 'enterprise' });
    expect(await calls(me.id, 'ad_variations')).toBe(0);
  });
});
