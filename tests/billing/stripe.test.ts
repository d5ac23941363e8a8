/**
 * Billing end to end against the devstack's Stripe stand-in, through the official Stripe SDK:
 * checkout for packs and plans (paid on the hosted page), signed webhooks applied exactly once in
 * any order, subscriptions renewing, upgrading and ending, refunds clawing credits back without
 * going below zero, and what a client can never do.
 */
import Stripe from 'stripe';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from '@shotcraft/devstack/src/core/config.ts';
import { pgClient } from '../helpers/clients.js';
import { completeJob, creditState, newActor, setBalance, startJob, type Actor } from '../data/support.js';

const ORIGIN = 'http://127.0.0.1:5173';
let su: pg.Client;
let stripe: Stripe;
let stripeUrl: string;

interface StoredEvent {
  event: { id: string; type: string; data: { object: Record<string, unknown> } };
  state: string;
}

async function call(actor: Actor | null, fn: string, body: unknown, origin: string | null = ORIGIN) {
  const { api_url, anon_key } = inject('devstack');
  const token = actor ? (await actor.db.auth.getSession()).data.session!.access_token : anon_key;
  const res = await fetch(`${api_url}/functions/v1/${fn}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, apikey: anon_key, 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Pays on the hosted checkout page as a browser would (its form), returning where it redirects. */
async function pay(url: string, card = '4242 4242 4242 4242') {
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams({ card, email: 'buyer@example.com' }), redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), text: res.status === 303 ? '' : await res.text() };
}

async function events(): Promise<{ pending: number; events: StoredEvent[] }> {
  return (await fetch(`${stripeUrl}/_devstack/events`)).json() as Promise<{ pending: number; events: StoredEvent[] }>;
}

/** Until every event the stand-in sent has been answered. */
async function settled() {
  for (let i = 0; i < 200; i++) {
    if ((await events()).pending === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('Stripe events still pending');
}

async function sendSigned(payload: string, secret = STRIPE_WEBHOOK_SECRET, signature?: string) {
  const header = signature ?? (await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret }));
  const res = await fetch(`${inject('devstack').api_url}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function buyPack(actor: Actor, packId = 'pack_150') {
  const started = await call(actor, 'create-checkout-session', { pack_id: packId });
  expect(started.status).toBe(200);
  const paid = await pay(started.body.url as string);
  expect(paid.status).toBe(303);
  await settled();
  return started.body.session_id as string;
}

async function subscribe(actor: Actor, planId: string) {
  const started = await call(actor, 'create-checkout-session', { plan_id: planId });
  expect(started.status).toBe(200);
  expect((await pay(started.body.url as string)).status).toBe(303);
  await settled();
  const { rows } = await su.query<{ id: string }>('select id from public.billing_subscriptions where user_id = $1', [actor.id]);
  return rows[0]!.id;
}

async function profile(userId: string) {
  const { rows } = await su.query<{ credits: number; plan: string; credits_owed: number }>('select credits, plan, credits_owed from public.profiles where user_id = $1', [userId]);
  return rows[0]!;
}

async function expectLedgerInvariant(userId: string) {
  const state = await creditState(su, userId);
  expect(state.credits).toBe(state.ledger);
  expect(state.credits).toBeGreaterThanOrEqual(0);
}

beforeAll(async () => {
  su = await pgClient();
  stripeUrl = inject('devstack').stripe_url;
  const url = new URL(stripeUrl);
  stripe = new Stripe(STRIPE_SECRET_KEY, { host: url.hostname, port: Number(url.port), protocol: 'http' });
});
afterAll(async () => {
  await fetch(`${stripeUrl}/_devstack/webhooks/resume`, { method: 'POST' });
  await su.end();
});

describe('credit packs', () => {
  it('a paid checkout adds exactly the pack’s credits once, and the user sees the payment and its ledger row', async () => {
    const actor = await newActor();
    const before = await profile(actor.id);
    const sessionId = await buyPack(actor, 'pack_150');

    expect((await profile(actor.id)).credits).toBe(before.credits + 150);
    const { data: payments } = await actor.db.from('billing_payments').select('kind, product, credits, amount_cents, checkout_session_id, credits_granted');
    expect(payments).toEqual([{ kind: 'pack', product: 'pack_150', credits: 150, amount_cents: 4900, checkout_session_id: sessionId, credits_granted: 150 }]);
    const { data: ledger } = await actor.db.from('credit_ledger').select('delta, reason, payment_id').eq('reason', 'purchase');
    expect(ledger).toHaveLength(1);
    expect(ledger![0]!.delta).toBe(150);

    // Stripe redelivers the same events: nothing changes.
    const completed = (await events()).events.find((e) => e.event.type === 'checkout.session.completed' && e.event.data.object.id === sessionId)!;
    for (let i = 0; i < 3; i++) {
      const again = await sendSigned(JSON.stringify(completed.event));
      expect(again.status).toBe(200);
      expect(again.body.result).toEqual({ duplicate: true });
    }
    expect((await profile(actor.id)).credits).toBe(before.credits + 150);
    await expectLedgerInvariant(actor.id);
  });

  it('applies a purchase once when its events arrive out of order and three times each', async () => {
    const actor = await newActor();
    const before = await profile(actor.id);
    await fetch(`${stripeUrl}/_devstack/webhooks/pause`, { method: 'POST' });
    const known = new Set((await events()).events.map((e) => e.event.id));
    const started = await call(actor, 'create-checkout-session', { pack_id: 'pack_50' });
    expect((await pay(started.body.url as string)).status).toBe(303);
    const fresh = (await events()).events.filter((e) => !known.has(e.event.id)).map((e) => e.event);
    expect(fresh.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'charge.succeeded', 'checkout.session.completed']);

    for (const event of [...fresh].reverse()) {
      for (let i = 0; i < 3; i++) expect((await sendSigned(JSON.stringify(event))).status).toBe(200);
    }
    // Then the stand-in delivers its own queue as well.
    await fetch(`${stripeUrl}/_devstack/webhooks/resume`, { method: 'POST' });
    await settled();
    expect((await profile(actor.id)).credits).toBe(before.credits + 50);
    await expectLedgerInvariant(actor.id);
  });

  it('a declined card pays nothing and grants nothing', async () => {
    const actor = await newActor();
    const before = await profile(actor.id);
    const started = await call(actor, 'create-checkout-session', { pack_id: 'pack_50' });
    const declined = await pay(started.body.url as string, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.text).toContain('Your card was declined.');
    await settled();
    expect((await profile(actor.id)).credits).toBe(before.credits);
    const session = await stripe.checkout.sessions.retrieve(started.body.session_id as string);
    expect(session.status).toBe('open');
  });

  it('takes the amount from the price table, whatever the request says', async () => {
    const actor = await newActor();
    const started = await call(actor, 'create-checkout-session', { pack_id: 'pack_500', price_cents: 1, credits: 100000 });
    const session = await stripe.checkout.sessions.retrieve(started.body.session_id as string);
    expect(session.amount_total).toBe(14900);
    expect(session.metadata).toMatchObject({ pack_id: 'pack_500', credits: '500', user_id: actor.id });
    // One customer per user, remembered across checkouts.
    const again = await call(actor, 'create-checkout-session', { pack_id: 'pack_50' });
    const second = await stripe.checkout.sessions.retrieve(again.body.session_id as string);
    expect(second.customer).toBe(session.customer);
  });

  it('refuses bad requests', async () => {
    const actor = await newActor();
    expect((await call(actor, 'create-checkout-session', { pack_id: 'pack_9999' })).status).toBe(404);
    expect((await call(actor, 'create-checkout-session', { pack_id: "x'; drop table profiles; --" })).status).toBe(404);
    expect((await call(actor, 'create-checkout-session', { pack_id: 'pack_50', plan_id: 'starter' })).status).toBe(400);
    expect((await call(actor, 'create-checkout-session', {})).status).toBe(400);
    expect((await call(actor, 'create-checkout-session', { pack_id: 'pack_50' }, 'https://evil.example')).status).toBe(403);
    expect((await call(actor, 'create-checkout-session', { pack_id: 'pack_50' }, null)).status).toBe(403);
    expect((await call(null, 'create-checkout-session', { pack_id: 'pack_50' })).status).toBe(401);
    expect((await call(actor, 'create-portal-session', {})).status).toBe(404);
    // A return path never leads off the app.
    const ok = await call(actor, 'create-checkout-session', { pack_id: 'pack_50', return_path: '//evil.example/x' });
    const session = await stripe.checkout.sessions.retrieve(ok.body.session_id as string);
    expect(session.success_url).toBe(`${ORIGIN}/dashboard/credit-packs?checkout=success&session_id={CHECKOUT_SESSION_ID}`);
  });
});

describe('webhook signatures', () => {
  it('refuses a missing, forged or stale signature and a changed body, changing nothing', async () => {
    const actor = await newActor();
    const before = await profile(actor.id);
    const forged = JSON.stringify({
      id: 'evt_forged000000000000000000', object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'cs_test_forged', object: 'checkout.session', mode: 'payment', payment_status: 'paid', amount_total: 100, currency: 'usd', customer: 'cus_x', metadata: { user_id: actor.id, pack_id: 'pack_500', credits: '500' } } },
    });
    expect((await sendSigned(forged, 'whsec_not_the_secret')).status).toBe(400);
    expect((await sendSigned(forged, STRIPE_WEBHOOK_SECRET, 't=1,v1=00')).status).toBe(400);
    const stale = await stripe.webhooks.generateTestHeaderStringAsync({ payload: forged, secret: STRIPE_WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await sendSigned(forged, STRIPE_WEBHOOK_SECRET, stale)).status).toBe(400);
    const signedOther = await stripe.webhooks.generateTestHeaderStringAsync({ payload: '{}', secret: STRIPE_WEBHOOK_SECRET });
    expect((await sendSigned(forged, STRIPE_WEBHOOK_SECRET, signedOther)).status).toBe(400);
    const noHeader = await fetch(`${inject('devstack').api_url}/functions/v1/stripe-webhook`, { method: 'POST', body: forged });
    expect(noHeader.status).toBe(400);

    expect((await profile(actor.id)).credits).toBe(before.credits);
    const { rows } = await su.query('select 1 from public.billing_events where id = $1', ['evt_forged000000000000000000']);
    expect(rows).toHaveLength(0);
  });
});

describe('plans', () => {
  it('subscribing sets the plan and grants its monthly credits; a renewal grants them again', async () => {
    const actor = await newActor();
    const before = await profile(actor.id);
    expect(before.plan).toBe('trial');
    const subId = await subscribe(actor, 'professional');
    expect(await profile(actor.id)).toMatchObject({ plan: 'professional', credits: before.credits + 300 });
    const { data: subs } = await actor.db.from('billing_subscriptions').select('id, plan, status, cancel_at_period_end');
    expect(subs).toEqual([{ id: subId, plan: 'professional', status: 'active', cancel_at_period_end: false }]);

    // A second plan checkout is refused: plans change in the portal.
    const second = await call(actor, 'create-checkout-session', { plan_id: 'enterprise' });
    expect(second.status).toBe(409);

    const renewed = await fetch(`${stripeUrl}/_devstack/subscriptions/${subId}/advance`, { method: 'POST', headers: { accept: 'application/json' } });
    expect(renewed.status).toBe(200);
    await settled();
    expect((await profile(actor.id)).credits).toBe(before.credits + 600);
    const { data: payments } = await actor.db.from('billing_payments').select('kind, product, credits').order('id');
    expect(payments).toEqual([
      { kind: 'plan', product: 'professional', credits: 300 },
      { kind: 'plan', product: 'professional', credits: 300 },
    ]);
    await expectLedgerInvariant(actor.id);
  });

  it('an upgrade in the portal switches the plan and tops the period up to the new plan’s credits', async () => {
    const actor = await newActor();
    const before = await profile(actor.id);
    await subscribe(actor, 'professional');
    const portal = await call(actor, 'create-portal-session', { return_path: '/billing' });
    expect(portal.status).toBe(200);
    const page = await (await fetch(portal.body.url as string)).text();
    expect(page).toContain('Switch to Shotcraft Enterprise');
    const priceId = /name="price" value="(price_[A-Za-z0-9]+)"><button name="action" value="switch" class="secondary">Switch to Shotcraft Enterprise/.exec(page)![1]!;
    const subId = /name="subscription" value="(sub_[A-Za-z0-9]+)"/.exec(page)![1]!;
    const switched = await fetch(portal.body.url as string, { method: 'POST', body: new URLSearchParams({ action: 'switch', subscription: subId, price: priceId }) });
    expect(switched.status).toBe(200);
    await settled();
    expect(await profile(actor.id)).toMatchObject({ plan: 'enterprise', credits: before.credits + 1200 });
    await expectLedgerInvariant(actor.id);
  });

  it('cancelling keeps the plan to the period end, then the account returns to the trial plan and keeps its credits', async () => {
    const actor = await newActor();
    const subId = await subscribe(actor, 'starter');
    const portal = await call(actor, 'create-portal-session', {});
    const cancelled = await fetch(portal.body.url as string, { method: 'POST', body: new URLSearchParams({ action: 'cancel', subscription: subId }) });
    expect(await cancelled.text()).toContain('Your plan is cancelled.');
    await settled();
    expect((await profile(actor.id)).plan).toBe('starter');
    const { data: sub } = await actor.db.from('billing_subscriptions').select('status, cancel_at_period_end').single();
    expect(sub).toEqual({ status: 'active', cancel_at_period_end: true });
    const credits = (await profile(actor.id)).credits;

    await fetch(`${stripeUrl}/_devstack/subscriptions/${subId}/advance`, { method: 'POST', headers: { accept: 'application/json' } });
    await settled();
    expect(await profile(actor.id)).toMatchObject({ plan: 'trial', credits });
    const { data: ended } = await actor.db.from('billing_subscriptions').select('status').single();
    expect(ended!.status).toBe('canceled');
  });

  it('the paid plan is what the database gates Social Analytics on: closed before, open while subscribed, closed after', async () => {
    const actor = await newActor();
    const { rows } = await su.query<{ id: string }>(
      `insert into public.social_accounts (user_id, platform, username, account_id) values ($1, 'instagram', 'mugco', 'ig-1') returning id`,
      [actor.id],
    );
    await su.query(`insert into public.social_analytics (user_id, social_account_id, platform, metric_type, metric_value, date) values ($1, $2, 'instagram', 'likes', 12, current_date)`, [actor.id, rows[0]!.id]);
    const visible = async () => (await actor.db.from('social_analytics').select('metric_value')).data?.length;
    expect(await visible()).toBe(0);
    const subId = await subscribe(actor, 'professional');
    expect(await visible()).toBe(1);
    await stripe.subscriptions.cancel(subId);
    await settled();
    expect((await profile(actor.id)).plan).toBe('trial');
    expect(await visible()).toBe(0);
  });

  it('an older subscription state arriving late does not undo a newer one', async () => {
    const actor = await newActor();
    await fetch(`${stripeUrl}/_devstack/webhooks/pause`, { method: 'POST' });
    const known = new Set((await events()).events.map((e) => e.event.id));
    const started = await call(actor, 'create-checkout-session', { plan_id: 'professional' });
    await pay(started.body.url as string);
    const subId = (await stripe.checkout.sessions.retrieve(started.body.session_id as string)).subscription as string;
    await stripe.subscriptions.update(subId, { cancel_at_period_end: true });
    const fresh = (await events()).events.filter((e) => !known.has(e.event.id)).map((e) => e.event);
    const created = fresh.find((e) => e.type === 'customer.subscription.created')!;
    const updated = fresh.find((e) => e.type === 'customer.subscription.updated')!;
    // Same second: make the order unambiguous as Stripe's timestamps would.
    (updated as unknown as { created: number }).created += 1;
    expect((await sendSigned(JSON.stringify(updated))).status).toBe(200);
    expect((await sendSigned(JSON.stringify(created))).body.result).toMatchObject({ applied: false, reason: 'stale' });
    await fetch(`${stripeUrl}/_devstack/webhooks/resume`, { method: 'POST' });
    await settled();
    const { data: sub } = await actor.db.from('billing_subscriptions').select('cancel_at_period_end').single();
    expect(sub!.cancel_at_period_end).toBe(true);
    await expectLedgerInvariant(actor.id);
  });
});

describe('refunds', () => {
  it('a full refund claws the credits back; what was already spent is held against the next credits', async () => {
    const actor = await newActor();
    await setBalance(su, actor.id, 0);
    const sessionId = await buyPack(actor, 'pack_50');
    expect((await profile(actor.id)).credits).toBe(50);
    // Spend 10 of them (two competitor-ad jobs).
    for (let i = 0; i < 2; i++) {
      const job = await startJob(actor.db, 'competitor_ad');
      await completeJob(actor.id, job.job_id);
    }
    expect((await profile(actor.id)).credits).toBe(30);

    const session = await stripe.checkout.sessions.retrieve(sessionId);
    await stripe.refunds.create({ payment_intent: session.payment_intent as string });
    await settled();
    // 30 taken back now; the 20 already spent are owed. Never below zero.
    expect(await profile(actor.id)).toMatchObject({ credits: 0, credits_owed: 20 });
    const { data: payment } = await actor.db.from('billing_payments').select('amount_refunded_cents, credits_clawed_back').single();
    expect(payment).toEqual({ amount_refunded_cents: 1900, credits_clawed_back: 50 });

    // The next pack pays the debt first.
    await buyPack(actor, 'pack_50');
    expect(await profile(actor.id)).toMatchObject({ credits: 30, credits_owed: 0 });
    await expectLedgerInvariant(actor.id);
  });

  it('a partial refund takes back its share, and a refund reported before its payment is applied when the payment arrives', async () => {
    const actor = await newActor();
    const before = (await profile(actor.id)).credits;
    await fetch(`${stripeUrl}/_devstack/webhooks/pause`, { method: 'POST' });
    const known = new Set((await events()).events.map((e) => e.event.id));
    const started = await call(actor, 'create-checkout-session', { pack_id: 'pack_150' });
    await pay(started.body.url as string);
    const session = await stripe.checkout.sessions.retrieve(started.body.session_id as string);
    await stripe.refunds.create({ payment_intent: session.payment_intent as string, amount: 2450 });
    const fresh = (await events()).events.filter((e) => !known.has(e.event.id)).map((e) => e.event);
    const refunded = fresh.find((e) => e.type === 'charge.refunded')!;
    const completed = fresh.find((e) => e.type === 'checkout.session.completed')!;
    expect((await sendSigned(JSON.stringify(refunded))).status).toBe(200);
    expect((await profile(actor.id)).credits).toBe(before);
    expect((await sendSigned(JSON.stringify(completed))).status).toBe(200);
    await fetch(`${stripeUrl}/_devstack/webhooks/resume`, { method: 'POST' });
    await settled();
    // Half the money back → half the credits back.
    expect((await profile(actor.id)).credits).toBe(before + 75);
    await expectLedgerInvariant(actor.id);
  });
});

describe('chargebacks', () => {
  it('a dispute the cardholder wins takes the credits back like a refund (never below zero, the rest owed), shown as a chargeback', async () => {
    const actor = await newActor();
    await setBalance(su, actor.id, 0);
    const sessionId = await buyPack(actor, 'pack_50');
    const job = await startJob(actor.db, 'competitor_ad');
    await completeJob(actor.id, job.job_id);
    expect((await profile(actor.id)).credits).toBe(40);

    // Buy, spend, dispute, keep: no longer.
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    const dispute = await fetch(`${stripeUrl}/_devstack/dispute`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ payment_intent: session.payment_intent, outcome: 'lost' }) });
    expect(dispute.status).toBe(200);
    await settled();
    expect(await profile(actor.id)).toMatchObject({ credits: 0, credits_owed: 10 });
    const { data: payment } = await actor.db.from('billing_payments').select('amount_disputed_cents, credits_clawed_back').single();
    expect(payment).toEqual({ amount_disputed_cents: 1900, credits_clawed_back: 50 });
    const { data: history } = await actor.db.from('credit_ledger').select('reason, delta').order('id', { ascending: false }).limit(1);
    expect(history).toEqual([{ reason: 'dispute_clawback', delta: -40 }]);
    await expectLedgerInvariant(actor.id);
  });

  it('a dispute the seller wins changes nothing', async () => {
    const actor = await newActor();
    const sessionId = await buyPack(actor, 'pack_50');
    const before = await profile(actor.id);
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    await fetch(`${stripeUrl}/_devstack/dispute`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ payment_intent: session.payment_intent, outcome: 'won' }) });
    await settled();
    expect(await profile(actor.id)).toEqual(before);
  });
});

describe('payments that do not match what was sold', () => {
  const packEvent = (actor: Actor, id: string, over: Record<string, unknown> = {}, meta: Record<string, string> = {}) =>
    JSON.stringify({
      id, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), livemode: false,
      data: { object: { id: `cs_${id}`, object: 'checkout.session', mode: 'payment', payment_status: 'paid', amount_total: 1900, currency: 'usd', customer: `cus_${actor.id.slice(0, 8)}`, payment_intent: `pi_${id}`, metadata: { user_id: actor.id, pack_id: 'pack_50', pack_name: 'Boost', credits: '50', price_cents: '1900', currency: 'usd', ...meta }, ...over } },
    });
  const customer = async (actor: Actor) => su.query('insert into public.billing_customers (user_id, stripe_customer_id) values ($1, $2)', [actor.id, `cus_${actor.id.slice(0, 8)}`]);

  it('a pack changed while its checkout was open grants what was sold, flagged for review, instead of failing until Stripe gives up', async () => {
    const actor = await newActor();
    await customer(actor);
    const before = (await profile(actor.id)).credits;
    const res = await sendSigned(packEvent(actor, `evt_changed${Date.now()}`, {}, { credits: '60' }));
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ applied: true, credits: 60 });
    expect((await profile(actor.id)).credits).toBe(before + 60);
    const { rows } = await su.query('select review_reason from public.billing_payments where user_id = $1', [actor.id]);
    expect(rows[0].review_reason).toContain('changed while the checkout was open');

    // Sold for 15 dollars, paid 15, the pack's price changed since: the buyer gets what they paid for.
    const repriced = await sendSigned(packEvent(actor, `evt_repriced${Date.now()}`, { id: 'cs_repriced', payment_intent: 'pi_repriced_x', amount_total: 1500 }, { price_cents: '1500' }));
    expect(repriced.body.result).toMatchObject({ applied: true, credits: 50 });
    expect((await profile(actor.id)).credits).toBe(before + 110);
  });

  it('a payment whose amount or currency is not what was sold grants nothing and is flagged; an event of the other mode is refused unrecorded', async () => {
    const actor = await newActor();
    await customer(actor);
    const before = (await profile(actor.id)).credits;
    expect((await sendSigned(packEvent(actor, `evt_cheap${Date.now()}`, { amount_total: 100 }))).status).toBe(200);
    expect((await sendSigned(packEvent(actor, `evt_eur${Date.now()}`, { currency: 'eur', id: 'cs_eur', payment_intent: 'pi_eur_x' }))).status).toBe(200);
    expect((await profile(actor.id)).credits).toBe(before);
    const { rows } = await su.query('select review_reason, credits_granted from public.billing_payments where user_id = $1 order by id', [actor.id]);
    expect(rows.map((r) => r.credits_granted)).toEqual([0, 0]);
    expect(rows.every((r) => String(r.review_reason).startsWith('paid '))).toBe(true);

    const live = JSON.parse(packEvent(actor, `evt_live${Date.now()}`, { id: 'cs_live', payment_intent: 'pi_live_x' }));
    live.livemode = true;
    // Not applied, and not recorded: Stripe keeps sending it until the keys are put right.
    const refused = await sendSigned(JSON.stringify(live));
    expect(refused.status).toBe(400);
    expect((await su.query('select 1 from public.billing_events where id = $1', [live.id])).rows).toEqual([]);
    expect((await profile(actor.id)).credits).toBe(before);
  });

  it('a refund and its payment arriving at the same moment are both applied, however they interleave', async () => {
    for (let round = 0; round < 5; round++) {
      const actor = await newActor();
      await customer(actor);
      const before = (await profile(actor.id)).credits;
      const id = `evt_race${Date.now()}${round}`;
      const payment = packEvent(actor, id, { id: `cs_${id}`, payment_intent: `pi_${id}` });
      const refund = JSON.stringify({ id: `${id}r`, object: 'event', type: 'charge.refunded', created: Math.floor(Date.now() / 1000), livemode: false, data: { object: { id: `ch_${id}`, object: 'charge', payment_intent: `pi_${id}`, amount: 1900, amount_refunded: 1900 } } });
      const [a, b] = await Promise.all([sendSigned(payment), sendSigned(refund)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect((await profile(actor.id)).credits).toBe(before);
      expect((await su.query('select 1 from public.billing_pending_refunds where payment_intent_id = $1', [`pi_${id}`])).rows).toEqual([]);
      await expectLedgerInvariant(actor.id);
    }
  });
});

describe('closing an account', () => {
  it('cancels its subscription at Stripe first, so a closed account is never billed again', async () => {
    const actor = await newActor();
    const subId = await subscribe(actor, 'starter');
    const res = await call(actor, 'delete-account', { confirm_email: actor.user.email });
    expect(res).toMatchObject({ status: 200, body: { success: true, subscriptions_cancelled: 1 } });
    expect((await stripe.subscriptions.retrieve(subId)).status).toBe('canceled');
    await settled();
  });
});

describe('what a client can never do', () => {
  it('cannot apply events, write payments, subscriptions or customers, or change its debt', async () => {
    const actor = await newActor();
    const apply = await actor.db.rpc('billing_apply_event', { p_event_id: 'evt_me', p_event_type: 'x', p_event_created: 1, p_action: { kind: 'payment', user_id: actor.id, payment_kind: 'pack', product: 'pack_500', credits: 500, amount_cents: 0, checkout_session_id: 'cs_me', description: 'free' } });
    expect(apply.error?.code).toBe('42501');
    const remember = await actor.db.rpc('billing_remember_customer', { p_user_id: actor.id, p_customer_id: 'cus_me' });
    expect(remember.error?.code).toBe('42501');
    expect((await actor.db.from('billing_payments').insert({ kind: 'pack', product: 'pack_500', description: 'x', credits: 500, amount_cents: 0, checkout_session_id: 'cs_me' })).error?.code).toBe('42501');
    expect((await actor.db.from('billing_subscriptions').insert({ id: 'sub_me', user_id: actor.id, plan: 'enterprise', status: 'active' })).error?.code).toBe('42501');
    expect((await actor.db.from('billing_customers').select('*')).error?.code).toBe('42501');
    expect((await actor.db.from('profiles').update({ credits_owed: 0 }).eq('user_id', actor.id)).error?.code).toBe('42501');
    expect((await actor.db.from('credit_packs').insert({ id: 'free', name: 'Free', credits: 1000, price_cents: 1, sort_order: 9 })).error?.code).toBe('42501');
    const { data: overview } = await actor.db.rpc('billing_overview');
    expect(overview).toMatchObject({ plan: 'trial', balance: 5, credits_owed: 0, subscription: null });
  });
});
