// Opens Stripe's customer portal for the caller: change or cancel the plan, update the card, see
// invoices.
//
//   POST { return_path? } → 200 { url }
//   400 not a JSON object, or a return_path that is not a string · 401 no session · 403 the page's origin is not the app's · 404 nothing bought yet · 502 Stripe failed
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { appPath } from '../_shared/app-origin.ts';
import { handler, HttpError, refusal } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { portalConfiguration } from '../_shared/billing-stripe.ts';
import { stripeClient } from '../_shared/stripe.ts';
import { PortalBody } from './schema.ts';

const LIMIT = { endpoint: 'billing-portal', perHour: 20 };

Deno.serve(handler({ access: 'user', fromApp: 'The billing portal', body: PortalBody, rateLimit: LIMIT }, async ({ caller, origin, body }) => {
  const { data } = await adminClient().from('billing_customers').select('stripe_customer_id').eq('user_id', caller.user.id).maybeSingle();
  if (!data) throw new HttpError(404, 'There is no billing account yet: buy a credit pack or a plan first.');
  try {
    const stripe = stripeClient();
    const { data: plans, error } = await adminClient().from('pricing_plans').select('id, name, price_cents').eq('is_active', true).order('sort_order');
    if (error) throw new Error(error.message);
    const session = await stripe.billingPortal.sessions.create({
      customer: data.stripe_customer_id as string,
      configuration: await portalConfiguration(stripe, plans as { id: string; name: string; price_cents: number }[]),
      return_url: `${origin}${appPath(body.return_path, '/billing')}`,
    });
    return json({ success: true, url: session.url });
  } catch (err) {
    console.error(`create-portal-session: ${(err as Error).message}`);
    return refusal(502, 'The payment provider could not open the billing portal. Try again in a moment.');
  }
}));
