import { describe, expect, it } from 'vitest';
import { actionFor, isLiveKey, modeMismatch, planOf, type Lookups, type StripeEventLike, type SubscriptionLike } from './billing-events.ts';

const USER = '11111111-1111-4111-8111-111111111111';
const sub = (over: Partial<SubscriptionLike> = {}): SubscriptionLike => ({
  id: 'sub_1', customer: 'cus_1', status: 'active', cancel_at_period_end: false, canceled_at: null, ended_at: null, metadata: {},
  items: { data: [{ current_period_start: 100, current_period_end: 200, price: { metadata: { plan: 'professional' }, lookup_key: 'shotcraft_plan_professional_14900' } }] },
  ...over,
});
const lookups = (over: Partial<Lookups> = {}): Lookups => ({
  userForCustomer: async (c) => (c === 'cus_1' ? USER : null),
  invoicePaymentIntent: async () => 'pi_inv',
  subscription: async () => sub(),
  ...over,
});
const event = (type: string, object: Record<string, unknown>): StripeEventLike => ({ id: 'evt_1', type, created: 1, data: { object } });

describe('Stripe events to billing actions', () => {
  const session = { id: 'cs_1', mode: 'payment', payment_status: 'paid', amount_total: 4900, currency: 'usd', customer: 'cus_1', payment_intent: 'pi_1', metadata: { user_id: USER, pack_id: 'pack_150', pack_name: 'Growth', credits: '150' } };

  it('a paid pack checkout is a pack payment for the customer’s user', async () => {
    expect(await actionFor(event('checkout.session.completed', session), lookups())).toEqual({
      kind: 'payment', user_id: USER, payment_kind: 'pack', product: 'pack_150', description: '150 credits (Growth)', credits: 150,
      amount_cents: 4900, currency: 'usd', checkout_session_id: 'cs_1', payment_intent_id: 'pi_1',
    });
  });

  it('waits for async_payment_succeeded when the session completed unpaid', async () => {
    expect((await actionFor(event('checkout.session.completed', { ...session, payment_status: 'unpaid' }), lookups())).kind).toBe('ignore');
    expect((await actionFor(event('checkout.session.async_payment_succeeded', session), lookups())).kind).toBe('payment');
  });

  it('ignores a session whose metadata names another user or whose customer is unknown', async () => {
    expect(await actionFor(event('checkout.session.completed', { ...session, metadata: { ...session.metadata, user_id: 'someone-else' } }), lookups())).toMatchObject({ kind: 'ignore' });
    expect(await actionFor(event('checkout.session.completed', { ...session, customer: 'cus_other' }), lookups())).toMatchObject({ kind: 'ignore' });
  });

  it('a plan invoice is a plan payment with its service period and the payment intent from its payments', async () => {
    const invoice = { id: 'in_1', customer: 'cus_1', amount_paid: 14900, currency: 'usd', billing_reason: 'subscription_cycle', hosted_invoice_url: 'https://x/i', period_start: 1, period_end: 1, parent: { subscription_details: { subscription: 'sub_1' } }, lines: { data: [{ period: { start: 100, end: 200 } }] } };
    expect(await actionFor(event('invoice.paid', invoice), lookups())).toMatchObject({
      kind: 'payment', payment_kind: 'plan', product: 'professional', invoice_id: 'in_1', payment_intent_id: 'pi_inv', subscription_id: 'sub_1', period_start: 100, period_end: 200, billing_reason: 'subscription_cycle',
    });
    expect((await actionFor(event('invoice.paid', { ...invoice, parent: null }), lookups())).kind).toBe('ignore');
  });

  it('subscription events carry the plan and period; a price that is not ours is ignored', async () => {
    expect(await actionFor(event('customer.subscription.updated', sub({ cancel_at_period_end: true }) as unknown as Record<string, unknown>), lookups())).toEqual({
      kind: 'subscription', user_id: USER, id: 'sub_1', plan: 'professional', status: 'active', current_period_start: 100, current_period_end: 200, cancel_at_period_end: true, canceled_at: null, ended_at: null,
    });
    const foreign = sub({ items: { data: [{ current_period_start: 1, current_period_end: 2, price: { metadata: {}, lookup_key: 'other' } }] } });
    expect(planOf(foreign)).toBeNull();
    expect(planOf(sub({ items: { data: [{ current_period_start: 1, current_period_end: 2, price: { metadata: {}, lookup_key: 'shotcraft_plan_enterprise_49900' } }] } }))).toBe('enterprise');
  });

  it('a refunded charge reports the total refunded for its payment intent; other events are ignored', async () => {
    expect(await actionFor(event('charge.refunded', { payment_intent: 'pi_1', amount_refunded: 2450 }), lookups())).toEqual({ kind: 'refund', payment_intent_id: 'pi_1', amount_refunded_cents: 2450 });
    expect(await actionFor(event('customer.created', {}), lookups())).toMatchObject({ kind: 'ignore' });
  });
  it('a dispute Stripe closed as lost takes back the disputed amount; one won or still open changes nothing', async () => {
    const dispute = { id: 'dp_1', object: 'dispute', amount: 4900, charge: 'ch_1', payment_intent: 'pi_1', status: 'lost' };
    expect(await actionFor(event('charge.dispute.closed', dispute), lookups())).toEqual({ kind: 'dispute', payment_intent_id: 'pi_1', amount_disputed_cents: 4900 });
    expect((await actionFor(event('charge.dispute.closed', { ...dispute, status: 'won' }), lookups())).kind).toBe('ignore');
    expect((await actionFor(event('charge.dispute.created', { ...dispute, status: 'needs_response' }), lookups())).kind).toBe('ignore');
  });

  it('an event of the other mode (a test event for a live key, or the reverse) is a mismatch; restricted live keys are live', () => {
    expect(modeMismatch({ ...event('x', {}), livemode: true }, 'sk_test_abc')).toBe('A live event reached a test key');
    expect(modeMismatch({ ...event('x', {}), livemode: false }, 'rk_live_abc')).toBe('A test event reached a live key');
    expect(modeMismatch({ ...event('x', {}), livemode: true }, 'rk_live_abc')).toBeNull();
    expect(modeMismatch({ ...event('x', {}), livemode: false }, 'sk_test_abc')).toBeNull();
    expect(isLiveKey('sk_live_1')).toBe(true);
  });
});
