/**
 * What happens inside "Stripe" when a customer pays, a subscription renews or changes, or a charge
 * is refunded: the objects it creates (payment intents, charges, invoices, invoice payments) in the
 * shapes of API version 2026-10-28, and the events it sends for each change.
 */
import { newId, now, type StripeObject, type StripeStore } from './store.js';
import type { SavedCard } from './card.js';
import type { WebhookSender } from './webhooks.js';

const MONTH = 30 * 24 * 3600;

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'api_error' | 'authentication_error',
    message: string,
    readonly extra: { code?: string; param?: string; decline_code?: string } = {},
  ) {
    super(message);
  }
  get body() {
    return { error: { type: this.type, message: this.message, ...this.extra } };
  }
}

export const missing = (what: string, id: string, param = 'id') =>
  new StripeError(404, 'invalid_request_error', `No such ${what}: '${id}'`, { code: 'resource_missing', param });

/** The test cards the hosted checkout knows (Stripe's own numbers). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export function cardProblem(number: string): { message: string; decline_code: string } | null {
  const digits = number.replace(/\D/g, '');
  if (digits === TEST_CARDS.declined) return { message: 'Your card was declined.', decline_code: 'generic_decline' };
  if (digits === TEST_CARDS.insufficientFunds) return { message: 'Your card has insufficient funds.', decline_code: 'insufficient_funds' };
  if (!/^\d{13,19}$/.test(digits) || !luhn(digits)) return { message: 'Your card number is incorrect.', decline_code: 'incorrect_number' };
  return null;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const list = (data: StripeObject[], url: string) => ({ object: 'list', data, has_more: false, url });

export class StripeEngine {
  constructor(
    readonly store: StripeStore,
    readonly events: WebhookSender,
    readonly baseUrl: string,
  ) {}

  private card(customer: string | null) {
    return (customer && this.store.state.cards[customer]) || { brand: 'visa', last4: '4242', exp_month: 12, exp_year: new Date().getFullYear() + 3 };
  }

  /** A succeeded payment intent with its charge. */
  private charge(amount: number, currency: string, customer: string | null, description: string, metadata: Record<string, string>) {
    const pi = newId('pi');
    const ch = newId('ch');
    const created = now();
    const card = this.card(customer);
    const charge = this.store.put({
      id: ch, object: 'charge', amount, amount_captured: amount, amount_refunded: 0, captured: true, created, currency, customer,
      description, disputed: false, livemode: false, metadata, paid: true, payment_intent: pi, refunded: false,
      receipt_url: `${this.baseUrl}/receipts/${ch}`, status: 'succeeded', billing_details: { email: null, name: null },
      payment_method_details: { type: 'card', card: { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year } },
      refunds: list([], `/v1/charges/${ch}/refunds`),
    });
    const intent = this.store.put({
      id: pi, object: 'payment_intent', amount, amount_received: amount, currency, customer, created, description, livemode: false,
      latest_charge: ch, metadata, status: 'succeeded', payment_method_types: ['card'],
    });
    this.events.emit('payment_intent.succeeded', intent);
    this.events.emit('charge.succeeded', charge);
    return { intent, charge };
  }

  private price(id: string): StripeObject {
    const price = this.store.get(id, 'price');
    if (!price) throw missing('price', id, 'line_items[0][price]');
    return price;
  }

  /** The hosted checkout's Pay button, with the card as entered. Throws a card_error for a declining card. */
  payCheckout(sessionId: string, cardNumber: string, email: string | undefined, card: SavedCard): StripeObject {
    const session = this.store.get(sessionId, 'checkout.session');
    if (!session) throw missing('checkout.session', sessionId);
    if (session.status !== 'open') throw new StripeError(400, 'invalid_request_error', 'This Checkout Session is no longer active.', { code: 'checkout_session_inactive' });
    const problem = cardProblem(cardNumber);
    if (problem) throw new StripeError(402, 'card_error', problem.message, { code: 'card_declined', decline_code: problem.decline_code });
    const customer = session.customer as string | null;
    if (customer) this.store.state.cards[customer] = card;
    const lines = session.line_items_data as { price: string; quantity: number }[];
    const amount = session.amount_total as number;
    const currency = session.currency as string;
    const metadata = session.metadata as Record<string, string>;
    // With a customer, Checkout takes the customer's address (its field is filled in and locked).
    const customerEmail = customer ? ((this.store.get(customer, 'customer')?.email as string | null) ?? null) : null;
    session.customer_details = { email: customerEmail ?? session.customer_email ?? email ?? null, name: null };

    if (session.mode === 'payment') {
      const pid = session.payment_intent_data as { metadata?: Record<string, string>; description?: string } | undefined;
      const { intent } = this.charge(amount, currency, customer, pid?.description ?? this.describe(lines), { ...metadata, ...(pid?.metadata ?? {}) });
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id });
    } else {
      const sub = this.createSubscription(customer!, lines[0]!.price, (session.subscription_data as { metadata?: Record<string, string> } | undefined)?.metadata ?? {});
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id, invoice: sub.latest_invoice });
    }
    this.store.save();
    this.events.emit('checkout.session.completed', session);
    return session;
  }

  private describe(lines: { price: string; quantity: number }[]): string {
    return lines.map((l) => {
      const price = this.store.get(l.price, 'price');
      const product = price && this.store.get(price.product as string, 'product');
      return `${l.quantity} × ${(product?.name as string) ?? l.price}`;
    }).join(', ');
  }

  private item(subId: string, priceId: string, start: number) {
    return { id: newId('si'), object: 'subscription_item', created: start, current_period_start: start, current_period_end: start + MONTH, metadata: {}, price: structuredClone(this.price(priceId)), quantity: 1, subscription: subId };
  }

  createSubscription(customer: string, priceId: string, metadata: Record<string, string>): StripeObject {
    const start = now();
    const id = newId('sub');
    const price = this.price(priceId);
    const sub = this.store.put({
      id, object: 'subscription', billing_cycle_anchor: start, cancel_at: null, cancel_at_period_end: false, canceled_at: null,
      collection_method: 'charge_automatically', created: start, currency: price.currency, customer, ended_at: null,
      latest_invoice: null as string | null, livemode: false, metadata, start_date: start, status: 'active', default_payment_method: null,
      items: list([this.item(id, priceId, start)], `/v1/subscription_items?subscription=${id}`),
    });
    this.events.emit('customer.subscription.created', sub);
    const invoice = this.invoice(sub, 'subscription_create', price.unit_amount as number);
    sub.latest_invoice = invoice.id;
    return sub;
  }

  /** A paid invoice for the subscription's current period (and its payment), with its events. */
  private invoice(sub: StripeObject, reason: string, amount: number): StripeObject {
    const item = (sub.items as { data: { price: StripeObject; current_period_start: number; current_period_end: number }[] }).data[0]!;
    const price = item.price;
    const product = this.store.get(price.product as string, 'product');
    const id = newId('in');
    const created = now();
    const count = this.store.all('invoice').length + 1;
    const { intent } = this.charge(amount, price.currency as string, sub.customer as string, `Subscription ${reason}`, {});
    const invoice = this.store.put({
      id, object: 'invoice', amount_due: amount, amount_paid: amount, amount_remaining: 0, attempt_count: 1, attempted: true,
      billing_reason: reason, collection_method: 'charge_automatically', created, currency: price.currency, customer: sub.customer,
      description: null, hosted_invoice_url: `${this.baseUrl}/i/${id}`, invoice_pdf: `${this.baseUrl}/i/${id}/pdf`, livemode: false,
      metadata: {}, number: `DEVSTACK-${String(count).padStart(4, '0')}`, period_start: created, period_end: created, status: 'paid',
      status_transitions: { finalized_at: created, paid_at: created }, subtotal: amount, total: amount,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: structuredClone(sub.metadata), subscription: sub.id } },
      lines: list([{
        id: newId('il'), object: 'line_item', amount, currency: price.currency, description: `1 × ${(product?.name as string) ?? price.id}`,
        livemode: false, metadata: {}, period: { start: item.current_period_start, end: item.current_period_end }, quantity: 1,
        pricing: { type: 'price_details', price_details: { price: price.id, product: price.product }, unit_amount_decimal: String(price.unit_amount) },
      }], `/v1/invoices/${id}/lines`),
      payments_data: [{ id: newId('inpay'), object: 'invoice_payment', amount_paid: amount, amount_requested: amount, created, currency: price.currency, invoice: id, is_default: true, livemode: false, payment: { type: 'payment_intent', payment_intent: intent.id }, status: 'paid', status_transitions: { paid_at: created, canceled_at: null } }],
    });
    this.store.save();
    this.events.emit('invoice.paid', this.publicInvoice(invoice));
    this.events.emit('invoice.payment_succeeded', this.publicInvoice(invoice));
    return invoice;
  }

  /** An invoice as the API shows it: `payments` only when expanded. */
  publicInvoice(invoice: StripeObject, expand: string[] = []): StripeObject {
    const { payments_data: payments, ...rest } = invoice;
    return expand.includes('payments') ? { ...rest, payments: list(payments as StripeObject[], `/v1/invoices/${invoice.id}/payments`) } : rest;
  }

  updateSubscription(id: string, changes: { cancel_at_period_end?: boolean; price?: string }): StripeObject {
    const sub = this.store.get(id, 'subscription');
    if (!sub) throw missing('subscription', id);
    if (sub.status === 'canceled') throw new StripeError(400, 'invalid_request_error', 'A canceled subscription can only update its cancellation_details and metadata.');
    const previous: Record<string, unknown> = {};
    if (changes.cancel_at_period_end !== undefined && changes.cancel_at_period_end !== sub.cancel_at_period_end) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      previous.cancel_at = sub.cancel_at;
      previous.canceled_at = sub.canceled_at;
      const item = (sub.items as { data: { current_period_end: number }[] }).data[0]!;
      sub.cancel_at_period_end = changes.cancel_at_period_end;
      sub.cancel_at = changes.cancel_at_period_end ? item.current_period_end : null;
      sub.canceled_at = changes.cancel_at_period_end ? now() : null;
    }
    let upgrade = 0;
    if (changes.price) {
      const items = sub.items as { data: StripeObject[] };
      const old = items.data[0]!;
      const oldPrice = old.price as StripeObject;
      if (oldPrice.id !== changes.price) {
        previous.items = structuredClone(sub.items);
        const next = this.price(changes.price);
        old.price = structuredClone(next);
        // Prorated: the new price's share of the rest of the period, minus the old one's.
        const left = Math.max(0, ((old.current_period_end as number) - now()) / MONTH);
        upgrade = Math.round(((next.unit_amount as number) - (oldPrice.unit_amount as number)) * left);
      }
    }
    this.store.save();
    if (Object.keys(previous).length) this.events.emit('customer.subscription.updated', sub, previous);
    if (upgrade > 0) {
      const invoice = this.invoice(sub, 'subscription_update', upgrade);
      sub.latest_invoice = invoice.id;
      this.store.save();
    }
    return sub;
  }

  /** Ends a subscription now (DELETE /v1/subscriptions/:id, or the period end of a cancelled one). */
  cancelSubscription(id: string): StripeObject {
    const sub = this.store.get(id, 'subscription');
    if (!sub) throw missing('subscription', id);
    if (sub.status === 'canceled') return sub;
    const t = now();
    Object.assign(sub, { status: 'canceled', ended_at: t, canceled_at: sub.canceled_at ?? t });
    this.store.save();
    this.events.emit('customer.subscription.deleted', sub);
    return sub;
  }

  /**
   * The period ends (what a test clock advancing a month does): a cancelled subscription ends,
   * an active one renews with a new paid invoice.
   */
  advancePeriod(id: string): StripeObject {
    const sub = this.store.get(id, 'subscription');
    if (!sub) throw missing('subscription', id);
    if (sub.status === 'canceled') return sub;
    if (sub.cancel_at_period_end) return this.cancelSubscription(id);
    const item = (sub.items as { data: StripeObject[] }).data[0]!;
    const previous = { items: structuredClone(sub.items) };
    const start = now();
    item.current_period_start = start;
    item.current_period_end = start + MONTH;
    this.events.emit('customer.subscription.updated', sub, previous);
    const invoice = this.invoice(sub, 'subscription_cycle', (item.price as StripeObject).unit_amount as number);
    sub.latest_invoice = invoice.id;
    this.store.save();
    return sub;
  }

  /** POST /v1/refunds: all or part of a charge. */
  refund(params: { charge?: string; payment_intent?: string; amount?: number; reason?: string }): StripeObject {
    let charge: StripeObject | undefined;
    if (params.charge) charge = this.store.get(params.charge, 'charge');
    else if (params.payment_intent) {
      const pi = this.store.get(params.payment_intent, 'payment_intent');
      charge = pi ? this.store.get(pi.latest_charge as string, 'charge') : undefined;
    } else throw new StripeError(400, 'invalid_request_error', 'One of the following params should be provided for this request: payment_intent or charge.');
    if (!charge) throw missing(params.charge ? 'charge' : 'payment_intent', (params.charge ?? params.payment_intent)!, params.charge ? 'charge' : 'payment_intent');
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    const amount = params.amount ?? left;
    if (left <= 0) throw new StripeError(400, 'invalid_request_error', `Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    if (!Number.isInteger(amount) || amount <= 0) throw new StripeError(400, 'invalid_request_error', 'Invalid positive integer', { param: 'amount' });
    if (amount > left) throw new StripeError(400, 'invalid_request_error', `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, { param: 'amount' });
    const refund = this.store.put({
      id: newId('re'), object: 'refund', amount, charge: charge.id, created: now(), currency: charge.currency, metadata: {},
      payment_intent: charge.payment_intent, reason: params.reason ?? null, status: 'succeeded',
    });
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    (charge.refunds as { data: StripeObject[] }).data.unshift(refund);
    this.store.save();
    this.events.emit('refund.created', refund);
    this.events.emit('charge.refunded', charge, previous);
    return refund;
  }

  /**
   * A cardholder disputes a charge (a chargeback), and the dispute ends `lost` or `won`, as Stripe
   * reports it: charge.dispute.created and charge.dispute.funds_withdrawn at once, then
   * charge.dispute.closed (and charge.dispute.funds_reinstated when won). What is left to dispute is
   * what was not refunded.
   */
  dispute(params: { charge?: string; payment_intent?: string; outcome: 'lost' | 'won'; reason?: string }): StripeObject {
    let charge: StripeObject | undefined;
    if (params.charge) charge = this.store.get(params.charge, 'charge');
    else if (params.payment_intent) {
      const pi = this.store.get(params.payment_intent, 'payment_intent');
      charge = pi ? this.store.get(pi.latest_charge as string, 'charge') : undefined;
    }
    if (!charge) throw missing(params.charge ? 'charge' : 'payment_intent', (params.charge ?? params.payment_intent ?? '')!, params.charge ? 'charge' : 'payment_intent');
    if (charge.disputed) throw new StripeError(400, 'invalid_request_error', `Charge ${charge.id} is already disputed.`);
    const amount = (charge.amount as number) - (charge.amount_refunded as number);
    if (amount <= 0) throw new StripeError(400, 'invalid_request_error', `Charge ${charge.id} was refunded in full; there is nothing to dispute.`);
    const withdrawn = { amount: -amount, currency: charge.currency, type: 'adjustment', reporting_category: 'dispute' };
    const dispute = this.store.put({
      id: newId('dp'), object: 'dispute', amount, balance_transactions: [withdrawn], charge: charge.id, created: now(), currency: charge.currency,
      evidence_details: { due_by: now() + 7 * 24 * 3600, has_evidence: false, past_due: false, submission_count: 0 }, is_charge_refundable: false,
      livemode: false, metadata: {}, payment_intent: charge.payment_intent, reason: params.reason ?? 'fraudulent', status: 'needs_response',
    });
    charge.disputed = true;
    this.store.save();
    this.events.emit('charge.dispute.created', dispute);
    this.events.emit('charge.dispute.funds_withdrawn', dispute);
    const previous = { status: dispute.status };
    dispute.status = params.outcome;
    if (params.outcome === 'won') (dispute.balance_transactions as unknown[]).push({ ...withdrawn, amount });
    this.store.save();
    this.events.emit('charge.dispute.closed', dispute, previous);
    if (params.outcome === 'won') this.events.emit('charge.dispute.funds_reinstated', dispute);
    return dispute;
  }
}
