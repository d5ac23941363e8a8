/**
 * Which plan includes which studio (issue 33 #1): the plan_studios table is the SPA's PLAN_STUDIOS,
 * and start_job refuses a studio the caller's plan leaves out — before anything is charged, with
 * the plan that unlocks it — whatever the caller sends through PostgREST.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PLAN_STUDIOS, planRequiredMessage, requiredPlan } from '../../src/domains/credits/plan-studios.js';
import { STUDIO_KEYS } from '@shotcraft/shared/jobs/contract.ts';
import { anonClient, pgClient, serviceClient } from '../helpers/clients.js';
import { creditState, newActor, setBalance, setPlan, startJob, type Actor } from './support.js';

let su: pg.Client;
beforeAll(async () => {
  su = await pgClient();
});
afterAll(async () => {
  await su.end();
});

/** A signed-in user on `plan` with `credits`. */
async function onPlan(plan: string, credits = 100): Promise<Actor> {
  const actor = await newActor();
  await setPlan(su, actor.id, plan);
  await setBalance(su, actor.id, credits);
  return actor;
}

/** Everything a start_job writes for a user: jobs, webhook clicks and ledger rows. */
async function footprint(userId: string) {
  const count = async (sql: string) => (await su.query<{ n: number }>(sql, [userId])).rows[0]!.n;
  return {
    ...(await creditState(su, userId)),
    ledgerRows: await count('select count(*)::int as n from public.credit_ledger where user_id = $1'),
    imageJobs: await count('select count(*)::int as n from public.image_jobs where user_id = $1'),
    videos: await count('select count(*)::int as n from public.videos where user_id = $1'),
    clicks: await count('select count(*)::int as n from public.webhook_clicks where user_id = $1'),
  };
}

const LOCKED_FOR_STARTER = ['refine_image', 'spin360', 'ugc', 'competitor_ad'] as const;

describe('the plan table', () => {
  it('is the one the SPA shows (src/domains/credits/plan-studios.ts), row for row, readable by anyone', async () => {
    const { data, error } = await anonClient().from('plan_studios').select('plan, studio');
    expect(error).toBeNull();
    const db = (data as { plan: string; studio: string }[]).map((r) => `${r.plan}:${r.studio}`).sort();
    const mirror = Object.entries(PLAN_STUDIOS).flatMap(([plan, studios]) => studios.map((s) => `${plan}:${s}`)).sort();
    expect(db).toEqual(mirror);
  });

  it('names the same plan to upgrade to for every studio', async () => {
    for (const studio of STUDIO_KEYS) {
      const { data } = await anonClient().rpc('studio_required_plan', { studio });
      expect(data, studio).toBe(requiredPlan(studio));
    }
  });
});

describe('start_job and the plan', () => {
  it.each(LOCKED_FOR_STARTER)('refuses %s to a starter user in the words the SPA shows, charging nothing', async (studio) => {
    const me = await onPlan('starter');
    const before = await footprint(me.id);
    const res = await me.db.rpc('start_job', { studio, options: { title: 'try' } });
    expect(res.status).toBe(403);
    expect(res.error).toMatchObject({ code: 'PT403', details: 'plan_required', hint: requiredPlan(studio), message: planRequiredMessage(studio) });
    expect(await footprint(me.id)).toEqual(before);
  });

  it('names the plan: "UGC Video Creator is part of the Enterprise plan. Upgrade to use it."', async () => {
    const me = await onPlan('starter');
    const res = await me.db.rpc('start_job', { studio: 'ugc', options: {} });
    expect(res.error?.message).toBe('UGC Video Creator is part of the Enterprise plan. Upgrade to use it.');
  });

  it('lets a starter user run Lightbox', async () => {
    const me = await onPlan('starter', 10);
    expect(await startJob(me.db, 'lightbox')).toMatchObject({ cost: 1, balance: 9 });
  });

  it('lets a professional user run Refine Image and 360° Videos but not UGC or the Ad Analyzer', async () => {
    const me = await onPlan('professional');
    expect(await startJob(me.db, 'refine_image')).toMatchObject({ cost: 2, balance: 98 });
    expect(await startJob(me.db, 'spin360')).toMatchObject({ cost: 5, balance: 93 });
    const before = await footprint(me.id);
    for (const studio of ['ugc', 'competitor_ad']) {
      expect((await me.db.rpc('start_job', { studio, options: {} })).error).toMatchObject({ details: 'plan_required', hint: 'enterprise' });
    }
    expect(await footprint(me.id)).toEqual(before);
  });

  it('lets an enterprise user run every studio', async () => {
    const me = await onPlan('enterprise');
    for (const studio of STUDIO_KEYS) expect((await startJob(me.db, studio)).cost).toBeGreaterThan(0);
  });

  it('lets a trial account try every studio it can pay for, and no more than its credits', async () => {
    const rich = await onPlan('trial', 30);
    for (const studio of STUDIO_KEYS) expect((await startJob(rich.db, studio)).cost).toBeGreaterThan(0);

    // A new account: 5 free credits, so UGC (5) runs and the analyzer (10) is refused for credits, not for the plan.
    const fresh = await newActor();
    expect((await fresh.db.from('profiles').select('plan, credits').single()).data).toEqual({ plan: 'trial', credits: 5 });
    expect(await startJob(fresh.db, 'ugc')).toMatchObject({ cost: 5, balance: 0 });
    expect((await fresh.db.rpc('start_job', { studio: 'competitor_ad', options: {} })).error).toMatchObject({ details: 'insufficient_credits' });
  });

  it('checks the plan before the options, the source and the balance: nothing else is looked at', async () => {
    const me = await onPlan('starter', 0);
    const res = await me.db.rpc('start_job', { studio: 'spin360', options: { source_path: 'someone-else/x.png', preset: 'BAD PRESET' } });
    expect(res.error).toMatchObject({ details: 'plan_required' });
  });

  it("says so in the credit summary: a plan without the studio cannot use it, whatever the balance", async () => {
    const me = await onPlan('starter', 1000);
    const { data } = await me.db.rpc('credit_summary');
    expect(data).toMatchObject({ subscription_plan: 'starter', can_use_lightbox: true, can_use_refine_image: false, can_use_spin360: false, can_use_ugc: false, can_use_competitor_ad: false });
    const pro = await onPlan('professional', 1000);
    expect((await pro.db.rpc('credit_summary')).data).toMatchObject({ can_use_refine_image: true, can_use_spin360: true, can_use_ugc: false });
  });
});

describe('an attacker with their own session', () => {
  const rest = async (me: Actor, path: string, init: { method: string; body?: unknown; prefer?: string }) => {
    const { api_url, anon_key } = inject('devstack');
    const token = (await me.db.auth.getSession()).data.session!.access_token;
    const res = await fetch(`${api_url}/rest/v1/${path}`, {
      method: init.method,
      headers: { apikey: anon_key, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...(init.prefer ? { Prefer: init.prefer } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
  };

  it('cannot start a studio of a higher plan by calling start_job directly, with any options', async () => {
    const me = await onPlan('starter');
    const before = await footprint(me.id);
    for (const options of [{}, { plan: 'enterprise' }, { preset: 'default', plan_override: true, cost: 0 }]) {
      const res = await rest(me, 'rpc/start_job', { method: 'POST', body: { studio: 'ugc', options } });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'PT403', details: 'plan_required' });
    }
    expect(await footprint(me.id)).toEqual(before);
  });

  it('cannot raise their plan, rewrite the table or ask the worker-only check', async () => {
    const me = await onPlan('starter');
    expect((await rest(me, `profiles?user_id=eq.${me.id}`, { method: 'PATCH', body: { plan: 'enterprise' } })).status).toBe(403);
    expect((await rest(me, 'plan_studios', { method: 'POST', body: { plan: 'starter', studio: 'ugc' } })).status).toBe(403);
    expect((await rest(me, 'plan_studios?plan=eq.enterprise', { method: 'DELETE', prefer: 'return=representation' })).status).toBe(403);
    expect((await rest(me, 'rpc/check_studio_plan', { method: 'POST', body: { user_id: me.id, studio: 'ugc' } })).status).toBe(403);
    expect((await su.query('select plan from public.profiles where user_id = $1', [me.id])).rows[0].plan).toBe('starter');
    expect((await su.query(`select count(*)::int as n from public.plan_studios where plan = 'starter'`)).rows[0].n).toBe(1);
    expect((await me.db.rpc('start_job', { studio: 'ugc', options: {} })).error).toMatchObject({ details: 'plan_required' });
  });

  it('cannot get the analyzer through its edge function either: refused before any charge', async () => {
    const me = await onPlan('professional');
    const before = await footprint(me.id);
    const { api_url, anon_key } = inject('devstack');
    const token = (await me.db.auth.getSession()).data.session!.access_token;
    const res = await fetch(`${api_url}/functions/v1/analyze-competitor-ad`, {
      method: 'POST',
      headers: { apikey: anon_key, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ source_path: `${me.id}/competitor_ad/ad.png` }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ success: false, code: 'plan_required', plan: 'enterprise', error: planRequiredMessage('competitor_ad') });
    const after = await footprint(me.id);
    // The function counts the call against its rate limit; no job, click or ledger row is written.
    expect({ ...after }).toEqual(before);
  });
});

describe('check_studio_plan (the worker’s free paths)', () => {
  it('answers the service role for a user: allowed, or the plan and the words', async () => {
    const starter = await onPlan('starter');
    const trial = await newActor();
    const service = serviceClient();
    expect((await service.rpc('check_studio_plan', { user_id: trial.id, studio: 'ugc' })).data).toEqual({ allowed: true });
    expect((await service.rpc('check_studio_plan', { user_id: starter.id, studio: 'ugc' })).data).toEqual({
      allowed: false, plan: 'enterprise', message: planRequiredMessage('ugc'),
    });
  });
});
