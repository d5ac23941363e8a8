// Opens Stripe's customer portal for the caller: change or cancel the plan, update the card, see
// invoices.
//
//   POST { return_path? } → 200 { url }
//   400 not a JSON object · 401 no session · 403 the page's origin is not the app's · 404 nothing bought yet · 502 Stripe failed
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { appPath } from '../_shared/app-origin.ts';
import { appRequest } from '../_shared/app-request.ts';
import { overLimit } from '../_shared/rate-limit.ts';
import { json } from '../_shared/json.ts';
import { portalConfiguration } from '../_shared/billing-stripe.ts';
import { stripeClient } from '../_shared/stripe.ts';

Deno.serve(async (req: Request) => {
  const request = await appRequest(req, 'The billing portal');
  if (request instanceof Response) return request;
  const { caller, origin, body } = request;
  const limited = await overLimit(caller, 'billing-portal', 20);
  if (limited) return limited;

  const { data } = await adminClient().from('billing_customers').select('stripe_customer_id').eq('user_id', caller.user.id).maybeSingle();
  if (!data) return json({ success: false, error: 'There is no billing account yet: buy a credit pack or a plan first.' }, 404);
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
    return json({ success: false, error: 'The payment provider could not open the billing portal. Try again in a moment.' }, 502);
  }
});
