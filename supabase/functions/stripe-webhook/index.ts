// Stripe's events (the stand-in's locally): verified on the raw body with the webhook secret, then
// applied exactly once through public.billing_apply_event() (keyed on the event id).
//
//   POST (Stripe-Signature) → 200 { received: true, result }
//   400 bad or missing signature, unparseable body, an event of the other mode (not recorded) ·
//   500 could not apply (Stripe retries)
//
// Public (verify_jwt = false): the signature is the authentication. The body is the signed raw text,
// read here (no schema): the handler answers only the method.
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { actionFor, modeMismatch, type StripeEventLike, type SubscriptionLike } from '../_shared/billing-events.ts';
import { handler, HttpError, refusal } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { describeError } from '../_shared/redact.ts';
import { cryptoProvider, stripeClient } from '../_shared/stripe.ts';

Deno.serve(handler({ access: 'public' }, async ({ req }) => {
  const signature = req.headers.get('Stripe-Signature');
  const secret = Deno.env.get('STRIPE_WEBHOOK_SECRET');
  if (!secret) throw new HttpError(500, 'Webhook secret is not configured');
  if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header');
  const body = await req.text();

  const stripe = stripeClient();
  let event: StripeEventLike;
  try {
    event = (await stripe.webhooks.constructEventAsync(body, signature, secret, undefined, cryptoProvider)) as unknown as StripeEventLike;
  } catch (err) {
    throw new HttpError(400, `Webhook signature verification failed: ${(err as Error).message}`);
  }

  const mismatch = modeMismatch(event, Deno.env.get('STRIPE_SECRET_KEY') ?? '');
  if (mismatch) {
    console.error(`stripe-webhook ${event.type} ${event.id}: ${mismatch}`);
    throw new HttpError(400, `${mismatch}: not applied`);
  }

  const admin = adminClient();
  try {
    const action = await actionFor(event, {
      async userForCustomer(customerId) {
        if (!customerId) return null;
        const { data, error } = await admin.from('billing_customers').select('user_id').eq('stripe_customer_id', customerId).maybeSingle();
        if (error) throw new Error(error.message);
        return (data?.user_id as string | undefined) ?? null;
      },
      async invoicePaymentIntent(invoiceId) {
        const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
        const payment = invoice.payments?.data.find((p) => p.is_default) ?? invoice.payments?.data[0];
        const pi = payment?.payment.payment_intent;
        return typeof pi === 'string' ? pi : (pi?.id ?? null);
      },
      async subscription(id) {
        return (await stripe.subscriptions.retrieve(id)) as unknown as SubscriptionLike;
      },
    });
    const { data, error } = await admin.rpc('billing_apply_event', {
      p_event_id: event.id,
      p_event_type: event.type,
      p_event_created: event.created,
      p_action: action,
    });
    if (error) throw new Error(error.message);
    return json({ received: true, result: data });
  } catch (err) {
    console.error(`stripe-webhook ${event.type} ${event.id}: ${describeError(err)}`);
    // A non-2xx makes Stripe deliver it again later; nothing was recorded for this event id.
    return refusal(500, 'Could not apply the event; Stripe will retry it');
  }
}));
