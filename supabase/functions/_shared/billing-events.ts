// From a verified Stripe event to the one action public.billing_apply_event() applies. Pure, so it
// is tested without Stripe: what it needs to look up (the user of a customer, an invoice's payment,
// a subscription) comes in through `lookups`. Shapes of Stripe API version 2026-10-28.

export type BillingAction =
  | {
      kind: 'payment';
      user_id: string;
      payment_kind: 'pack' | 'plan';
      product: string;
      description: string;
      credits?: number;
      amount_cents: number;
      currency: string;
      /** What the checkout sold the pack for (its metadata), when it says. */
      sold_price_cents?: number;
      sold_currency?: string;
      checkout_session_id?: string;
      invoice_id?: string;
      payment_intent_id?: string | null;
      subscription_id?: string;
      billing_reason?: string | null;
      period_start?: number;
      period_end?: number;
      receipt_url?: string | null;
    }
  | {
      kind: 'subscription';
      user_id: string;
      id: string;
      plan: string;
      status: string;
      current_period_start: number | null;
      current_period_end: number | null;
      cancel_at_period_end: boolean;
      canceled_at: number | null;
      ended_at: number | null;
    }
  | { kind: 'refund'; payment_intent_id: string; amount_refunded_cents: number }
  | { kind: 'dispute'; payment_intent_id: string; amount_disputed_cents: number }
  | { kind: 'ignore'; reason: string };

type Obj = Record<string, unknown>;

export interface StripeEventLike {
  id: string;
  type: string;
  created: number;
  livemode?: boolean;
  data: { object: Obj };
}

export interface SubscriptionLike {
  id: string;
  customer: string | { id: string };
  status: string;
  metadata?: Record<string, string> | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  items: { data: { current_period_start: number; current_period_end: number; price: { metadata?: Record<string, string> | null; lookup_key?: string | null } }[] };
}

export interface Lookups {
  /** The Shotcraft user of a Stripe customer (billing_customers), or null. */
  userForCustomer(customerId: string): Promise<string | null>;
  /** The payment intent that paid an invoice (its `payments`, expanded). */
  invoicePaymentIntent(invoiceId: string): Promise<string | null>;
  subscription(id: string): Promise<SubscriptionLike>;
}

export const PLAN_IDS = ['starter', 'professional', 'enterprise'] as const;
const idOf = (v: unknown): string | null => (typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as Obj).id === 'string' ? ((v as Obj).id as string) : null);

/** The plan a subscription is on: its price's metadata (set when the price was made), then its lookup key. */
export function planOf(sub: SubscriptionLike): string | null {
  const price = sub.items.data[0]?.price;
  const plan = price?.metadata?.plan ?? /^shotcraft_plan_([a-z]+)_/.exec(price?.lookup_key ?? '')?.[1] ?? null;
  return plan && (PLAN_IDS as readonly string[]).includes(plan) ? plan : null;
}

async function subscriptionAction(sub: SubscriptionLike, lookups: Lookups): Promise<BillingAction> {
  const user = await lookups.userForCustomer(idOf(sub.customer) ?? '');
  const plan = planOf(sub);
  if (!user) return { kind: 'ignore', reason: 'unknown customer' };
  if (!plan) return { kind: 'ignore', reason: 'not a Shotcraft plan' };
  const item = sub.items.data[0];
  return {
    kind: 'subscription', user_id: user, id: sub.id, plan, status: sub.status,
    current_period_start: item?.current_period_start ?? null, current_period_end: item?.current_period_end ?? null,
    cancel_at_period_end: sub.cancel_at_period_end, canceled_at: sub.canceled_at, ended_at: sub.ended_at,
  };
}

/** Whether a Stripe secret key (or restricted key) is a live one. */
export const isLiveKey = (key: string) => /^(sk|rk)_live_/.test(key);

/**
 * Why an event cannot be applied with this key, or null: an event of the other mode (a test event
 * sent to production, or the reverse) is a configuration mistake, answered without recording it so
 * Stripe keeps it until the mistake is fixed.
 */
export function modeMismatch(event: StripeEventLike, key: string): string | null {
  if (typeof event.livemode !== 'boolean') return null;
  const live = isLiveKey(key);
  return event.livemode === live ? null : `A ${event.livemode ? 'live' : 'test'} event reached a ${live ? 'live' : 'test'} key`;
}

export async function actionFor(event: StripeEventLike, lookups: Lookups): Promise<BillingAction> {
  const o = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      if (o.mode === 'subscription') {
        const subId = idOf(o.subscription);
        return subId ? subscriptionAction(await lookups.subscription(subId), lookups) : { kind: 'ignore', reason: 'no subscription' };
      }
      // Delayed methods complete the session unpaid; async_payment_succeeded grants later.
      if (o.mode !== 'payment' || o.payment_status !== 'paid') return { kind: 'ignore', reason: 'not paid yet' };
      const meta = (o.metadata ?? {}) as Record<string, string>;
      const user = (await lookups.userForCustomer(idOf(o.customer) ?? '')) ?? null;
      if (!user || (meta.user_id && meta.user_id !== user)) return { kind: 'ignore', reason: 'unknown customer' };
      const credits = Number(meta.credits);
      if (!meta.pack_id || !Number.isInteger(credits) || credits <= 0) return { kind: 'ignore', reason: 'not a credit pack' };
      return {
        kind: 'payment', user_id: user, payment_kind: 'pack', product: meta.pack_id,
        description: `${credits} credits (${meta.pack_name ?? meta.pack_id})`, credits,
        amount_cents: Number(o.amount_total ?? 0), currency: String(o.currency ?? 'usd'),
        checkout_session_id: String(o.id), payment_intent_id: idOf(o.payment_intent),
        ...(Number.isInteger(Number(meta.price_cents)) && meta.price_cents ? { sold_price_cents: Number(meta.price_cents), sold_currency: meta.currency ?? 'usd' } : {}),
      };
    }
    case 'invoice.paid': {
      const parent = o.parent as { subscription_details?: { subscription?: unknown } | null } | null;
      const subId = idOf(parent?.subscription_details?.subscription);
      if (!subId) return { kind: 'ignore', reason: 'not a subscription invoice' };
      const sub = await lookups.subscription(subId);
      const user = await lookups.userForCustomer(idOf(o.customer) ?? '');
      const plan = planOf(sub);
      if (!user) return { kind: 'ignore', reason: 'unknown customer' };
      if (!plan) return { kind: 'ignore', reason: 'not a Shotcraft plan' };
      const line = ((o.lines as { data?: { period?: { start: number; end: number } }[] } | undefined)?.data ?? [])[0];
      return {
        kind: 'payment', user_id: user, payment_kind: 'plan', product: plan,
        description: `${plan[0]!.toUpperCase()}${plan.slice(1)} plan${o.billing_reason === 'subscription_update' ? ' (upgrade)' : ''}`,
        amount_cents: Number(o.amount_paid ?? 0), currency: String(o.currency ?? 'usd'),
        invoice_id: String(o.id), payment_intent_id: await lookups.invoicePaymentIntent(String(o.id)), subscription_id: subId,
        billing_reason: (o.billing_reason as string | null) ?? null,
        period_start: line?.period?.start ?? Number(o.period_start), period_end: line?.period?.end ?? Number(o.period_end),
        receipt_url: (o.hosted_invoice_url as string | null) ?? null,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionAction(o as unknown as SubscriptionLike, lookups);
    // A chargeback: the money goes back when Stripe closes the dispute as lost (while it is open,
    // nothing changes; a won dispute gives nothing back because nothing was taken).
    case 'charge.dispute.closed': {
      if (o.status !== 'lost') return { kind: 'ignore', reason: `dispute ${String(o.status)}` };
      const pi = idOf(o.payment_intent);
      if (!pi) return { kind: 'ignore', reason: 'no payment intent' };
      return { kind: 'dispute', payment_intent_id: pi, amount_disputed_cents: Number(o.amount ?? 0) };
    }
    case 'charge.refunded': {
      const pi = idOf(o.payment_intent);
      if (!pi) return { kind: 'ignore', reason: 'no payment intent' };
      return { kind: 'refund', payment_intent_id: pi, amount_refunded_cents: Number(o.amount_refunded ?? 0) };
    }
    default:
      return { kind: 'ignore', reason: `${event.type} is not used` };
  }
}
