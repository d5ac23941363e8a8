// The Stripe client of the billing functions: the official SDK, pointed at STRIPE_API_URL when it
// is set (the devstack's local stand-in), else at api.stripe.com. Configuration only.
import Stripe from 'npm:stripe@23';

let client: Stripe | undefined;

export function stripeClient(): Stripe {
  if (client) return client;
  const key = Deno.env.get('STRIPE_SECRET_KEY');
  if (!key) throw new Error('STRIPE_SECRET_KEY is not set');
  const base = Deno.env.get('STRIPE_API_URL');
  const config: Stripe.StripeConfig = { httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 2, appInfo: { name: 'Shotcraft' } };
  if (base) {
    const url = new URL(base);
    config.protocol = url.protocol === 'http:' ? 'http' : 'https';
    config.host = url.hostname;
    config.port = Number(url.port || (url.protocol === 'http:' ? 80 : 443));
  }
  client = new Stripe(key, config);
  return client;
}

export const cryptoProvider = Stripe.createSubtleCryptoProvider();
export type { Stripe };
