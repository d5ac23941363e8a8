/**
 * The RLS matrix (docs/architecture.md §5): every public table × anon / another user / the owner ×
 * select / insert / update / delete, each outcome asserted through supabase-js and the row checked
 * unchanged (or changed) by the superuser afterwards.
 *
 *   rows   – the owner's row is visible          none – allowed, but no row is seen or affected
 *   ok     – the write went through              denied – refused with 42501 (401 anon, 403 signed in)
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, pgClient, serviceClient } from '../helpers/clients.js';
import { completeJob, newActor, setBalance, setPlan, startJob, type Actor } from './support.js';

type Outcome = 'rows' | 'none' | 'ok' | 'denied';
type Row = Record<string, unknown>;
/** Expected outcome for [anon, another user, the owner]. */
type Trio = [Outcome, Outcome, Outcome];

interface TableSpec {
  table: string;
  /** Columns the owner may select. */
  cols: string;
  /** Creates one of the owner's rows through the real path; returns the columns that identify it. */
  fixture: () => Promise<Row>;
  /** A row for the owner, as each actor would try to insert it. */
  insert: () => Row;
  patch: Row;
  select: Trio;
  insertAs: Trio;
  update: Trio;
  delete: Trio;
}

let su: pg.Client;
let owner: Actor;
let other: Actor;
const service = serviceClient();
let counter = 0;
const must = <T>(res: { data: T; error: unknown }): T => {
  if (res.error) throw new Error(JSON.stringify(res.error));
  return res.data;
};

async function finishedJob(studio: string): Promise<string> {
  const job = await startJob(owner.db, studio, { title: `rls ${studio}` });
  must(await completeJob(owner.id, job.job_id));
  return job.job_id;
}
const serviceInsert = async (table: string, row: Row) => must(await service.from(table).insert(row).select().single()) as Row;
const socialAccount = () =>
  serviceInsert('social_accounts', {
    user_id: owner.id, platform: 'instagram', username: 'owner.shop', account_id: randomUUID(),
    access_token: 'secret-access', refresh_token: 'secret-refresh',
  });
let accountId: string;
let spinContentId: string;

const D = 'denied';
const specs: TableSpec[] = [
  { table: 'profiles', cols: 'user_id, full_name, credits, plan', fixture: async () => ({ user_id: owner.id }),
    insert: () => ({ user_id: owner.id, credits: 1000, plan: 'enterprise' }), patch: { full_name: 'Renamed' },
    select: [D, 'none', 'rows'], insertAs: [D, D, D], update: [D, 'none', 'ok'], delete: [D, D, D] },
  { table: 'credit_ledger', cols: 'id, delta, reason',
    fixture: async () => ({ id: (await su.query(`select id from public.credit_ledger where user_id = $1 and reason = 'signup_grant'`, [owner.id])).rows[0].id }),
    insert: () => ({ user_id: owner.id, delta: 1000, reason: 'purchase', balance_after: 1000 }), patch: { delta: 1000 },
    select: [D, 'none', 'rows'], insertAs: [D, D, D], update: [D, D, D], delete: [D, D, D] },
  { table: 'studio_prices', cols: 'studio, preset, credits', fixture: async () => ({ studio: 'lightbox', preset: 'default' }),
    insert: () => ({ studio: 'lightbox', preset: 'free', credits: 1, label: 'Free' }), patch: { credits: 1000 },
    select: ['rows', 'rows', 'rows'], insertAs: [D, D, D], update: [D, D, D], delete: [D, D, D] },
  { table: 'pricing_plans', cols: 'id, credits, price_cents', fixture: async () => ({ id: 'professional' }),
    insert: () => ({ id: 'starter', name: 'Free', price_cents: 0, credits: 9999, sort_order: 0 }), patch: { price_cents: 0 },
    select: ['rows', 'rows', 'rows'], insertAs: [D, D, D], update: [D, D, D], delete: [D, D, D] },
  { table: 'plan_studios', cols: 'plan, studio', fixture: async () => ({ plan: 'starter', studio: 'lightbox' }),
    insert: () => ({ plan: 'starter', studio: 'ugc' }), patch: { plan: 'enterprise' },
    select: ['rows', 'rows', 'rows'], insertAs: [D, D, D], update: [D, D, D], delete: [D, D, D] },
  { table: 'image_jobs', cols: 'id, status', fixture: async () => ({ id: await finishedJob('lightbox') }),
    insert: () => ({ user_id: owner.id, studio: 'lightbox', title: 'free', credits_charged: 0 }), patch: { status: 'queued' },
    select: [D, 'none', 'rows'], insertAs: [D, D, D], update: [D, D, D], delete: [D, D, D] },
  { table: 'videos', cols: 'id, status, views', fixture: async () => ({ id: await finishedJob('spin360') }),
    insert: () => ({ user_id: owner.id, studio: 'ugc', style: 'ugc_video', title: 'free', credits_charged: 0 }), patch: { views: 1e6 },
    select: [D, 'none', 'rows'], insertAs: [D, D, D], update: [D, D, D], delete: [D, D, D] },
  { table: 'content_generations', cols: 'id, job_id, credits_used', fixture: async () => ({ job_id: await finishedJob('lightbox') }),
    insert: () => ({ user_id: owner.id, content_type: 'lightbox', product_name: 'free' }), patch: { credits_used: 0 },
    select: [D, 'none', 'rows'], insertAs: [D, D, D], update: [D, D, D], delete: [D, D, D] },
  { table: 'webhook_clicks', cols: 'id, job_id, credits_deducted', fixture: async () => ({ job_id: await finishedJob('lightbox') }),
    insert: () => ({ user_id: owner.id, job_id: randomUUID(), studio_type: 'lightbox' }), patch: { credits_deducted: 0 },
    select: [D, 'none', 'rows'], insertAs: [D, D, D], update: [D, D, D], delete: [D, D, D] },
  { table: 'media', cols: 'id, path',
    fixture: async () => ({ id: (await serviceInsert('media', { user_id: owner.id, bucket: 'processed', path: `${owner.id}/m/${randomUUID()}.png` })).id }),
    insert: () => ({ user_id: owner.id, bucket: 'processed', path: `${owner.id}/forged.png` }), patch: { poster_path: "moved.png" },
    select: [D, 'none', 'rows'], insertAs: [D, D, D], update: [D, D, D], delete: [D, 'none', 'ok'] },
  { table: 'social_accounts', cols: 'id, username, is_active', fixture: async () => ({ id: (await socialAccount()).id }),
    insert: () => ({ user_id: owner.id, platform: 'twitter', username: 'forged', account_id: '1' }), patch: { is_active: false },
    select: [D, 'none', 'rows'], insertAs: [D, D, D], update: [D, 'none', 'ok'], delete: [D, 'none', 'ok'] },
  { table: 'social_posts', cols: 'id, caption',
    fixture: async () => ({ id: (must(await owner.db.from('social_posts').insert({ user_id: owner.id, social_account_id: accountId, platform: 'instagram', content_type: 'image', caption: 'hello' }).select('id').single()) as Row).id }),
    insert: () => ({ user_id: owner.id, platform: 'instagram', content_type: 'image', caption: 'forged?' }), patch: { caption: 'changed' },
    select: [D, 'none', 'rows'], insertAs: [D, D, 'ok'], update: [D, 'none', 'ok'], delete: [D, 'none', 'ok'] },
  { table: 'social_analytics', cols: 'id, metric_value',
    fixture: async () => ({ id: (await serviceInsert('social_analytics', { user_id: owner.id, social_account_id: accountId, platform: 'instagram', metric_type: 'likes', metric_value: 10, date: `2026-01-${String(++counter).padStart(2, '0')}` })).id }),
    insert: () => ({ user_id: owner.id, social_account_id: accountId, platform: 'instagram', metric_type: 'views', metric_value: 1, date: '2025-01-01' }), patch: { metric_value: 1e9 },
    select: [D, 'none', 'rows'], insertAs: [D, D, D], update: [D, D, D], delete: [D, D, D] },
  // Per-post figures: written by the analytics sync only, read by the owner on an analytics plan.
  { table: 'social_post_metrics', cols: 'post_id, impressions',
    fixture: async () => {
      const post = await serviceInsert('social_posts', { user_id: owner.id, social_account_id: accountId, platform: 'instagram', content_type: 'image', caption: 'measured', status: 'posted', platform_post_id: randomUUID() });
      return { post_id: (await serviceInsert('social_post_metrics', { post_id: post.id, date: '2026-11-01', user_id: owner.id, social_account_id: accountId, platform: 'instagram', impressions: 10 })).post_id };
    },
    insert: () => ({ post_id: randomUUID(), date: '2026-11-02', user_id: owner.id, social_account_id: accountId, platform: 'instagram', impressions: 1e9 }), patch: { impressions: 1e9 },
    select: [D, 'none', 'rows'], insertAs: [D, D, D], update: [D, D, D], delete: [D, D, D] },
  { table: 'social_campaigns', cols: 'id, name',
    fixture: async () => ({ id: (must(await owner.db.from('social_campaigns').insert({ user_id: owner.id, name: 'Spring' }).select('id').single()) as Row).id }),
    insert: () => ({ user_id: owner.id, name: 'Forged' }), patch: { name: 'Changed' },
    select: [D, 'none', 'rows'], insertAs: [D, D, 'ok'], update: [D, 'none', 'ok'], delete: [D, 'none', 'ok'] },
  { table: 'social_templates', cols: 'id, name',
    fixture: async () => ({ id: (must(await owner.db.from('social_templates').insert({ user_id: owner.id, name: 'Private caption' }).select('id').single()) as Row).id }),
    insert: () => ({ user_id: owner.id, name: 'Forged' }), patch: { name: 'Changed' },
    select: ['denied', 'none', 'rows'], insertAs: [D, D, 'ok'], update: [D, 'none', 'ok'], delete: [D, 'none', 'ok'] },
  { table: 'spin_shares', cols: 'id, token, revoked_at',
    fixture: async () => ({ id: (must(await owner.db.from('spin_shares').insert({ content_id: spinContentId }).select('id').single()) as Row).id }),
    // Only the spin is named: the token, the owner and the times are the database's.
    insert: () => ({ content_id: spinContentId }), patch: { revoked_at: '2026-11-24T12:00:00+00:00' },
    select: [D, 'none', 'rows'], insertAs: [D, D, 'ok'], update: [D, 'none', 'ok'], delete: [D, 'none', 'ok'] },
  { table: 'analytics_events', cols: 'id, event_type',
    fixture: async () => ({ id: (await serviceInsert('analytics_events', { user_id: owner.id, event_type: 'lightbox_generation_started' })).id }),
    insert: () => ({ user_id: owner.id, event_type: 'forged' }), patch: { event_type: 'changed' },
    select: [D, 'none', 'rows'], insertAs: [D, D, D], update: [D, D, D], delete: [D, D, D] },
  { table: 'rate_limits', cols: 'endpoint, request_count',
    fixture: async () => {
      must(await owner.db.rpc('check_rate_limit', { endpoint: 'rls_probe', limit: 5 }));
      return { user_id: owner.id, endpoint: 'rls_probe' };
    },
    insert: () => ({ user_id: owner.id, endpoint: 'refine', window_start: new Date().toISOString(), request_count: 0 }), patch: { request_count: 0 },
    select: [D, 'none', 'rows'], insertAs: [D, D, D], update: [D, D, D], delete: [D, D, D] },
  // Outgoing webhooks: created by the webhook-endpoints function (the secret is the server's);
  // the owner pauses, re-chooses events and deletes. The log is the database's and the worker's.
  { table: 'webhook_endpoints', cols: 'id, url, active',
    fixture: async () => ({ id: (await serviceInsert('webhook_endpoints', { user_id: owner.id, url: 'https://example.com/hook', events: ['credits.low'], secret: 'whsec_rls' })).id }),
    insert: () => ({ user_id: owner.id, url: 'https://example.com/mine', events: ['credits.low'], secret: 'forged' }), patch: { active: false },
    select: [D, 'none', 'rows'], insertAs: [D, D, D], update: [D, 'none', 'ok'], delete: [D, 'none', 'ok'] },
  { table: 'webhook_deliveries', cols: 'id, status',
    fixture: async () => {
      const endpoint = await serviceInsert('webhook_endpoints', { user_id: owner.id, url: 'https://example.com/log', events: ['credits.low'], secret: 'whsec_rls' });
      return { id: (await serviceInsert('webhook_deliveries', { endpoint_id: endpoint.id, user_id: owner.id, event_id: randomUUID(), event_type: 'webhook.test', payload: {} })).id };
    },
    insert: () => ({ endpoint_id: randomUUID(), user_id: owner.id, event_id: randomUUID(), event_type: 'webhook.test', payload: {} }), patch: { status: 'succeeded' },
    select: [D, 'none', 'rows'], insertAs: [D, D, D], update: [D, D, D], delete: [D, D, D] },
  // Billing: packs are a public price list; the rest is written only by the billing functions
  // (service role) and read by the owner where the billing screen needs it.
  { table: 'credit_packs', cols: 'id, credits, price_cents', fixture: async () => ({ id: 'pack_150' }),
    insert: () => ({ id: 'free_pack', name: 'Free', credits: 9999, price_cents: 1, sort_order: 0 }), patch: { price_cents: 1 },
    select: ['rows', 'rows', 'rows'], insertAs: [D, D, D], update: [D, D, D], delete: [D, D, D] },
  { table: 'billing_customers', cols: 'user_id, stripe_customer_id',
    fixture: async () => ({ user_id: (await serviceInsert('billing_customers', { user_id: owner.id, stripe_customer_id: `cus_rls_${randomUUID().slice(0, 8)}` })).user_id }),
    insert: () => ({ user_id: owner.id, stripe_customer_id: 'cus_forged' }), patch: { stripe_customer_id: 'cus_changed' },
    select: [D, D, D], insertAs: [D, D, D], update: [D, D, D], delete: [D, D, D] },
  { table: 'billing_subscriptions', cols: 'id, plan, status',
    fixture: async () => ({ id: (await serviceInsert('billing_subscriptions', { id: `sub_rls_${randomUUID().slice(0, 8)}`, user_id: owner.id, plan: 'starter', status: 'canceled' })).id }),
    insert: () => ({ id: `sub_forged_${++counter}`, user_id: owner.id, plan: 'enterprise', status: 'active' }), patch: { plan: 'enterprise', status: 'active' },
    select: [D, 'none', 'rows'], insertAs: [D, D, D], update: [D, D, D], delete: [D, D, D] },
  { table: 'billing_payments', cols: 'id, credits, amount_cents',
    fixture: async () => ({ id: (await serviceInsert('billing_payments', { user_id: owner.id, kind: 'pack', product: 'pack_50', description: 'rls', credits: 50, amount_cents: 1900, checkout_session_id: `cs_rls_${randomUUID().slice(0, 8)}` })).id }),
    insert: () => ({ user_id: owner.id, kind: 'pack', product: 'pack_500', description: 'forged', credits: 500, amount_cents: 0, checkout_session_id: `cs_forged_${++counter}` }), patch: { credits: 9999 },
    select: [D, 'none', 'rows'], insertAs: [D, D, D], update: [D, D, D], delete: [D, D, D] },
  { table: 'billing_events', cols: 'id, type',
    fixture: async () => ({ id: (await serviceInsert('billing_events', { id: `evt_rls_${randomUUID().slice(0, 8)}`, type: 'checkout.session.completed', created: 1 })).id }),
    insert: () => ({ id: `evt_forged_${++counter}`, type: 'x', created: 1 }), patch: { type: 'changed' },
    select: [D, D, D], insertAs: [D, D, D], update: [D, D, D], delete: [D, D, D] },
  { table: 'billing_pending_refunds', cols: 'payment_intent_id',
    fixture: async () => ({ payment_intent_id: (await serviceInsert('billing_pending_refunds', { payment_intent_id: `pi_rls_${randomUUID().slice(0, 8)}`, amount_refunded_cents: 1 })).payment_intent_id }),
    insert: () => ({ payment_intent_id: `pi_forged_${++counter}`, amount_refunded_cents: 0 }), patch: { amount_refunded_cents: 999 },
    select: [D, D, D], insertAs: [D, D, D], update: [D, D, D], delete: [D, D, D] },
  // OAuth attempts are the connect functions' alone.
  { table: 'social_oauth_states', cols: 'state, platform',
    fixture: async () => ({ state: (await serviceInsert('social_oauth_states', { state: `st-${randomUUID()}${randomUUID()}`, user_id: owner.id, platform: 'twitter', code_verifier: 'v'.repeat(43), return_to: 'http://127.0.0.1:5173/settings' })).state }),
    insert: () => ({ state: `forged-${randomUUID()}${randomUUID()}`, user_id: owner.id, platform: 'twitter', code_verifier: 'v'.repeat(43), return_to: 'https://evil.example' }), patch: { return_to: 'https://evil.example' },
    select: [D, D, D], insertAs: [D, D, D], update: [D, D, D], delete: [D, D, D] },
];

const main = new Map<string, Row>();

beforeAll(async () => {
  su = await pgClient();
  [owner, other] = await Promise.all([newActor(), newActor()]);
  await setBalance(su, owner.id, 100);
  await setPlan(su, owner.id, 'professional'); // social analytics is Pro+
  accountId = (await socialAccount()).id as string;
  const spinJob = await finishedJob('spin360');
  spinContentId = (await su.query('select id from public.content_generations where job_id = $1', [spinJob])).rows[0].id;
  for (const spec of specs) main.set(spec.table, await spec.fixture());
});
afterAll(async () => {
  await su.end();
});

/** The row as the superuser sees it (null when gone). */
async function snapshot(table: string, match: Row): Promise<Row | null> {
  const keys = Object.keys(match);
  const where = keys.map((k, i) => `t.${k} = $${i + 1}`).join(' and ');
  const { rows } = await su.query(`select to_jsonb(t) as row from public.${table} t where ${where}`, keys.map((k) => match[k]));
  return rows[0]?.row ?? null;
}
/** Tables without a user_id column: their row count as a whole. */
const UNOWNED = new Set(['studio_prices', 'pricing_plans', 'plan_studios', 'credit_packs', 'billing_events', 'billing_pending_refunds']);
const ownerRows = async (table: string) =>
  UNOWNED.has(table)
    ? (await su.query(`select count(*)::int as n from public.${table}`)).rows[0].n
    : (await su.query(`select count(*)::int as n from public.${table} where user_id = $1`, [owner.id])).rows[0].n;

function expectDenied(res: { error: unknown; status: number }, who: number) {
  expect(res.error).toMatchObject({ code: '42501' });
  expect(res.status).toBe(who === 0 ? 401 : 403);
}

const actors = ['anon', 'another user', 'the owner'] as const;
const whose = (who: number) => (who === 2 ? 'their' : "the owner's");
const clientFor = (who: number): SupabaseClient => [anonClient(), other.db, owner.db][who];

for (const spec of specs) {
  describe(spec.table, () => {
    spec.select.forEach((outcome, who) => {
      it(`${actors[who]} ${{ rows: 'reads', none: 'cannot see', denied: 'is refused reading', ok: '' }[outcome]} ${whose(who)} ${spec.table} row`, async () => {
        const res = await clientFor(who).from(spec.table).select(spec.cols).match(main.get(spec.table)!);
        if (outcome === 'denied') return expectDenied(res, who);
        expect(res.error).toBeNull();
        expect(res.data).toHaveLength(outcome === 'rows' ? 1 : 0);
      });
    });

    spec.insertAs.forEach((outcome, who) => {
      it(`${actors[who]} ${outcome === 'ok' ? 'may insert' : 'is refused inserting'} a ${spec.table} row for ${who === 2 ? 'themselves' : 'the owner'}`, async () => {
        const before = await ownerRows(spec.table);
        const res = await clientFor(who).from(spec.table).insert(spec.insert());
        if (outcome === 'ok') {
          expect(res.error).toBeNull();
          expect(await ownerRows(spec.table)).toBe(before + 1);
        } else {
          expectDenied(res, who);
          expect(await ownerRows(spec.table)).toBe(before);
        }
      });
    });

    spec.update.forEach((outcome, who) => {
      it(`${actors[who]} ${{ ok: 'may update', none: 'updates nothing of', denied: 'is refused updating', rows: '' }[outcome]} ${whose(who)} ${spec.table} row`, async () => {
        const match = main.get(spec.table)!;
        const before = await snapshot(spec.table, match);
        const res = await clientFor(who).from(spec.table).update(spec.patch).match(match).select(spec.cols);
        const after = await snapshot(spec.table, match);
        if (outcome === 'ok') {
          expect(res.error).toBeNull();
          expect(res.data).toHaveLength(1);
          expect(after).toMatchObject(spec.patch);
          return;
        }
        if (outcome === 'denied') expectDenied(res, who);
        else expect(res).toMatchObject({ error: null, data: [] });
        expect(after).toEqual(before);
      });
    });

    spec.delete.forEach((outcome, who) => {
      it(`${actors[who]} ${{ ok: 'may delete', none: 'deletes nothing of', denied: 'is refused deleting', rows: '' }[outcome]} ${whose(who)} ${spec.table} row`, async () => {
        const match = spec.delete[2] === 'ok' ? await spec.fixture() : main.get(spec.table)!;
        const before = await snapshot(spec.table, match);
        const res = await clientFor(who).from(spec.table).delete().match(match);
        if (outcome === 'ok') {
          expect(res.error).toBeNull();
          expect(await snapshot(spec.table, match)).toBeNull();
          return;
        }
        if (outcome === 'denied') expectDenied(res, who);
        else expect(res.error).toBeNull();
        expect(await snapshot(spec.table, match)).toEqual(before);
      });
    });
  });
}
