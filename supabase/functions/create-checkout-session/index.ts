// Starts a Stripe Checkout for a credit pack or a plan. The amount comes from credit_packs or
// pricing_plans, never from the request; the user's Stripe customer is created once and remembered.
//
//   POST { pack_id } | { plan_id }, optional return_path ('/dashboard/credit-packs')
//     → 200 { url, session_id }     (open `url`: Stripe's hosted checkout)
//   400 bad input · 401 no session · 403 the page's origin is not the app's · 404 unknown pack or plan
//   409 already on a plan (change it in the portal) · 429 rate limited · 502 Stripe failed
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { appPath } from '../_shared/app-origin.ts';
import { handler, HttpError, refusal } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { customerFor, planPrice } from '../_shared/billing-stripe.ts';
import { stripeClient } from '../_shared/stripe.ts';
import { CheckoutBody } from './schema.ts';

const ID = /^[a-z0-9_]{1,40}$/;
const UNKNOWN = 'Unknown credit pack or plan';

Deno.serve(handler({ access: 'user', fromApp: 'Checkout', body: CheckoutBody }, async ({ caller, origin, body }) => {
  const packId = body.pack_id;
  const planId = body.plan_id;
  const chosen = (packId ?? planId)!;
  if (!ID.test(chosen)) throw new HttpError(404, UNKNOWN);

  // Counted after the choice is checked (not with the handler's rateLimit), in its own words.
  const limit = await caller.client.rpc('check_rate_limit', { endpoint: 'checkout', limit: 20, window_minutes: 60 });
  if (limit.error) throw new HttpError(500, 'Failed to check rate limit');
  if (!(limit.data as { allowed: boolean }).allowed) throw new HttpError(429, 'Rate limit exceeded');

  const userId = caller.user.id;
  const admin = adminClient();
  const back = appPath(body.return_path, packId !== undefined ? '/dashboard/credit-packs' : '/billing');
  const join = back.includes('?') ? '&' : '?';
  const successUrl = `${origin}${back}${join}checkout=success&session_id={CHECKOUT_SESSION_ID}`;
  const cancelUrl = `${origin}${back}${join}checkout=cancelled`;

  try {
    const stripe = stripeClient();
    if (packId !== undefined) {
      const { data: pack } = await caller.client.from('credit_packs').select('id, name, credits, price_cents').eq('id', chosen).maybeSingle();
      if (!pack) return refusal(404, UNKNOWN);
      const customer = await customerFor(stripe, userId, caller.user.email);
      // What is sold, as sold: the webhook compares the payment with this, not with a price changed since.
      const meta = { user_id: userId, pack_id: pack.id as string, pack_name: pack.name as string, credits: String(pack.credits), price_cents: String(pack.price_cents), currency: 'usd' };
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        customer,
        client_reference_id: userId,
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: pack.price_cents as number, product_data: { name: `${pack.credits} Shotcraft credits (${pack.name})` } } }],
        metadata: meta,
        payment_intent_data: { metadata: meta, description: `${pack.credits} Shotcraft credits` },
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      return json({ success: true, url: session.url, session_id: session.id });
    }

    const { data: plan } = await caller.client.from('pricing_plans').select('id, name, price_cents').eq('id', chosen).maybeSingle();
    if (!plan) return refusal(404, UNKNOWN);
    const { data: live } = await admin
      .from('billing_subscriptions')
      .select('id')
      .eq('user_id', userId)
      .in('status', ['active', 'trialing', 'past_due'])
      .limit(1);
    if (live && live.length > 0) {
      return refusal(409, 'You already have a plan. Change or cancel it in the billing portal.', 'has_subscription');
    }
    const customer = await customerFor(stripe, userId, caller.user.email);
    const price = await planPrice(stripe, plan as { id: string; name: string; price_cents: number });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: userId,
      line_items: [{ price, quantity: 1 }],
      metadata: { user_id: userId, plan_id: plan.id as string },
      subscription_data: { metadata: { user_id: userId, plan: plan.id as string } },
      success_url: successUrl,
      cancel_url: cancelUrl,
    });
    return json({ success: true, url: session.url, session_id: session.id });
  } catch (err) {
    console.error(`create-checkout-session: ${(err as Error).message}`);
    return refusal(502, 'The payment provider could not start a checkout. Try again in a moment.');
  }
}));
