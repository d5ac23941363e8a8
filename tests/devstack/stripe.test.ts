/**
 * The Stripe stand-in's wire contract, checked through the official SDK as the functions use it:
 * authentication, error shapes the SDK turns into typed errors, idempotent retries, lookup keys,
 * `expand[]`, refunds and what they refuse, and signed events that `constructEventAsync` accepts.
 */
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from '@shotcraft/devstack/src/core/config.ts';
import { signatureHeader } from '@shotcraft/devstack/src/stripe/index.ts';

let stripe: Stripe;
let base: string;
const client = (key: string) => {
  const url = new URL(base);
  return new Stripe(key, { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 });
};

beforeAll(() => {
  base = inject('devstack').stripe_url;
  stripe = client(STRIPE_SECRET_KEY);
});

describe('Stripe stand-in', () => {
  it('refuses a wrong key as Stripe does (the SDK raises StripeAuthenticationError)', async () => {
    await expect(client('sk_test_wrong_key_000000').customers.create({})).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
  });

  it('answers a missing object with resource_missing', async () => {
    await expect(stripe.customers.retrieve('cus_nope')).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing', statusCode: 404, message: "No such customer: 'cus_nope'" });
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const key = `idem-${Date.now()}`;
    const a = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: key });
    const b = await stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    expect(b.email).toBe('a@example.com');
  });

  it('finds prices by lookup key and refuses a second price with the same key', async () => {
    const lookup = `test_lookup_${Date.now()}`;
    const price = await stripe.prices.create({ currency: 'usd', unit_amount: 700, recurring: { interval: 'month' }, lookup_key: lookup, product_data: { name: 'Test plan' } });
    expect(price).toMatchObject({ object: 'price', type: 'recurring', unit_amount: 700, recurring: { interval: 'month' } });
    expect((await stripe.prices.list({ lookup_keys: [lookup] })).data.map((p) => p.id)).toEqual([price.id]);
    await expect(stripe.prices.create({ currency: 'usd', unit_amount: 700, lookup_key: lookup, product_data: { name: 'Again' } })).rejects.toMatchObject({ code: 'lookup_key_already_in_use' });
  });

  it('pays a checkout on its hosted page, expands invoice payments, and refunds no more than was paid', async () => {
    const customer = await stripe.customers.create({ email: 'c@example.com' });
    const price = await stripe.prices.create({ currency: 'usd', unit_amount: 1500, recurring: { interval: 'month' }, product_data: { name: 'Monthly' } });
    const session = await stripe.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ price: price.id, quantity: 1 }], success_url: 'http://127.0.0.1:5173/ok?s={CHECKOUT_SESSION_ID}' });
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', payment_status: 'unpaid', amount_total: 1500 });
    const paid = await fetch(session.url!, { method: 'POST', body: new URLSearchParams({ card: '4242424242424242' }), redirect: 'manual' });
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1:5173/ok?s=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const subscription = await stripe.subscriptions.retrieve(done.subscription as string);
    expect(subscription.items.data[0]!.current_period_end).toBeGreaterThan(subscription.items.data[0]!.current_period_start);
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string, { expand: ['payments'] });
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 1500, billing_reason: 'subscription_create', parent: { subscription_details: { subscription: subscription.id } } });
    const pi = invoice.payments!.data[0]!.payment.payment_intent as string;
    expect((await stripe.invoices.retrieve(invoice.id)).payments).toBeUndefined();

    await expect(stripe.refunds.create({ payment_intent: pi, amount: 2000 })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'amount' });
    expect(await stripe.refunds.create({ payment_intent: pi, amount: 500 })).toMatchObject({ object: 'refund', amount: 500, status: 'succeeded' });
    await stripe.refunds.create({ payment_intent: pi });
    await expect(stripe.refunds.create({ payment_intent: pi })).rejects.toMatchObject({ code: 'charge_already_refunded' });
  });

  it('a declined test card leaves the session open; an unknown checkout link is a 404 page', async () => {
    const session = await stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 300, product_data: { name: 'Pack' } } }], success_url: 'http://127.0.0.1:5173/ok' });
    const declined = await fetch(session.url!, { method: 'POST', body: new URLSearchParams({ card: '4000000000000002' }), redirect: 'manual' });
    expect(declined.status).toBe(402);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect((await fetch(`${base}/c/pay/cs_test_nope`)).status).toBe(404);
  });

  it('signs events the way constructEventAsync verifies them', async () => {
    const payload = JSON.stringify({ id: 'evt_x', object: 'event', type: 'ping' });
    const header = signatureHeader(payload, STRIPE_WEBHOOK_SECRET);
    const event = await stripe.webhooks.constructEventAsync(payload, header, STRIPE_WEBHOOK_SECRET, undefined, Stripe.createSubtleCryptoProvider());
    expect(event.id).toBe('evt_x');
    const t = /t=(\d+)/.exec(header)![1];
    expect(header).toBe(`t=${t},v1=${createHmac('sha256', STRIPE_WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex')}`);
  });
});
