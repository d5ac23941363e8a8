// The Stripe objects the billing functions keep in step with the database: each user's customer,
// each plan's recurring price (amounts from pricing_plans), and the portal configuration that
// lets a subscriber switch between the plans.
import { adminClient } from './admin-client.ts';
import type { Stripe } from './stripe.ts';

/** The user's Stripe customer: the remembered one, or a new one (an idempotency key makes racing calls share it). */
export async function customerFor(stripe: Stripe, userId: string, email: string | undefined): Promise<string> {
  const admin = adminClient();
  const { data } = await admin.from('billing_customers').select('stripe_customer_id').eq('user_id', userId).maybeSingle();
  if (data?.stripe_customer_id) return data.stripe_customer_id as string;
  const customer = await stripe.customers.create({ email, metadata: { user_id: userId } }, { idempotencyKey: `shotcraft-customer-${userId}` });
  const { data: kept, error } = await admin.rpc('billing_remember_customer', { p_user_id: userId, p_customer_id: customer.id });
  if (error) throw new Error(error.message);
  return kept as string;
}

/** The recurring Stripe price of a plan at its current amount, found by lookup key or made once. */
export async function planPrice(stripe: Stripe, plan: { id: string; name: string; price_cents: number }): Promise<string> {
  const lookupKey = `shotcraft_plan_${plan.id}_${plan.price_cents}`;
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  if (found.data[0]) return found.data[0].id;
  const price = await stripe.prices.create(
    {
      currency: 'usd',
      unit_amount: plan.price_cents,
      recurring: { interval: 'month' },
      lookup_key: lookupKey,
      metadata: { plan: plan.id },
      product_data: { name: `Shotcraft ${plan.name}`, metadata: { plan: plan.id } },
    },
    { idempotencyKey: `shotcraft-price-${lookupKey}` },
  );
  return price.id;
}


/**
 * The portal configuration: cancel at period end, change plan between the current plans' prices,
 * update the card, see invoices. Found by its metadata, made once per set of prices.
 */
export async function portalConfiguration(stripe: Stripe, plans: { id: string; name: string; price_cents: number }[]): Promise<string> {
  const prices = await Promise.all(plans.map(async (plan) => stripe.prices.retrieve(await planPrice(stripe, plan))));
  const key = prices.map((p) => p.id).join(',');
  const existing = await stripe.billingPortal.configurations.list({ active: true, limit: 100 });
  const found = existing.data.find((c) => c.metadata?.shotcraft_prices === key);
  if (found) return found.id;
  const created = await stripe.billingPortal.configurations.create(
    {
      business_profile: { headline: 'Shotcraft: manage your plan' },
      features: {
        customer_update: { enabled: true, allowed_updates: ['email', 'name'] },
        invoice_history: { enabled: true },
        payment_method_update: { enabled: true },
        subscription_cancel: { enabled: true, mode: 'at_period_end' },
        subscription_update: {
          enabled: true,
          default_allowed_updates: ['price'],
          proration_behavior: 'always_invoice',
          products: prices.map((p) => ({ product: typeof p.product === 'string' ? p.product : p.product.id, prices: [p.id] })),
        },
      },
      metadata: { shotcraft_prices: key },
    },
    { idempotencyKey: `shotcraft-portal-${key}` },
  );
  return created.id;
}
