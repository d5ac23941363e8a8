/**
 * A local Stripe on its own port (config.stripePort), for machines that cannot reach Stripe:
 *
 *   /v1/…                  the API subset the billing functions call (api.ts), test-mode secret key only
 *   /c/pay/<session>       hosted Checkout: card form and Pay (test cards decline on purpose)
 *   /p/session/<session>   the customer portal: cancel or renew, change plan, card, invoices
 *   /i/<invoice>, /receipts/<charge>   what Stripe's hosted invoice and receipt links open
 *   /                      every payment, subscription and event with its deliveries
 *   /_devstack/…           controls tests use: refund, dispute (a chargeback, lost or won), advance a subscription to its period end,
 *                          list and resend events (JSON), pause and resume deliveries
 *
 * Events are signed with the webhook secret and POSTed to config.stripeWebhookUrl with retries.
 * The functions reach it through the official SDK (`new Stripe(key, { host, port, protocol })`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from '../core/config.js';
import { ownPortServer } from '../core/own-port.js';
import type { DevstackContext, Service, ServiceFactory } from '../core/types.js';
import { StripeApi } from './api.js';
import { StripeEngine, StripeError } from './engine.js';
import { parseForm, str } from './form.js';
import { cardFromForm } from './card.js';
import { checkoutPage, closedCheckoutPage, dashboardPage, invoicePage, page, portalPage, receiptPage, type CheckoutLine } from './pages.js';
import { newId, StripeStore, type StripeObject } from './store.js';
import { API_VERSION, WebhookSender } from './webhooks.js';

export { signatureHeader } from './webhooks.js';

const MAX_BODY = 1024 * 1024;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new StripeError(413, 'invalid_request_error', 'Request body too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
  res.end(body);
}
const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body, null, 2), headers);
const sendPage = (res: ServerResponse, status: number, body: string) => send(res, status, 'text/html; charset=utf-8', body);
const redirect = (res: ServerResponse, location: string) => send(res, 303, 'text/plain', '', { location });

export function createStripeHandler(ctx: DevstackContext) {
  const store = new StripeStore(ctx.dataPath('stripe', 'state.json'));
  const retryBase = Number(process.env.DEVSTACK_STRIPE_RETRY_MS ?? 2000);
  const events = new WebhookSender(store, {
    url: ctx.config.stripeWebhookUrl,
    secret: STRIPE_WEBHOOK_SECRET,
    retryDelayMs: (attempt) => retryBase * 2 ** (attempt - 1),
    maxAttempts: 6,
    log: (m) => ctx.log('stripe', m),
  });
  const engine = new StripeEngine(store, events, ctx.config.stripeUrl);
  const api = new StripeApi(engine);

  const productName = (id: string) => (store.get(id, 'product')?.name as string) ?? id;
  const checkoutLines = (session: StripeObject): CheckoutLine[] =>
    (session.line_items_data as { price: string; quantity: number }[]).map((l) => {
      const price = store.get(l.price, 'price')!;
      return { name: productName(price.product as string), quantity: l.quantity, amount: (price.unit_amount as number) * l.quantity, recurring: !!price.recurring };
    });

  /** The address Checkout shows filled in: the session's customer_email, else its customer's (as Stripe Checkout does). */
  function checkoutEmail(session: StripeObject): { value: string; locked: boolean } {
    const customerEmail = session.customer ? (store.get(session.customer as string, 'customer')?.email as string | null | undefined) : null;
    if (customerEmail) return { value: customerEmail, locked: true };
    return { value: (session.customer_email as string | null) ?? '', locked: false };
  }

  /** The prices a portal session may switch to: what its configuration allows (Stripe's default configuration allows none). */
  function portalPlans(session: StripeObject): StripeObject[] {
    const config = session.configuration ? store.get(session.configuration as string, 'billing_portal.configuration') : undefined;
    const features = (config?.features ?? {}) as { subscription_update?: { enabled: boolean; products: { prices: string[] }[] }; subscription_cancel?: { enabled: boolean } };
    return features.subscription_update?.enabled
      ? features.subscription_update.products.flatMap((p) => p.prices).map((id) => store.get(id, 'price')).filter((p): p is StripeObject => !!p).sort((a, b) => (a.unit_amount as number) - (b.unit_amount as number))
      : [];
  }

  function portalView(session: StripeObject, message?: string, error?: string) {
    const customer = store.get(session.customer as string, 'customer')!;
    const subscriptions = store.all('subscription').filter((s) => s.customer === customer.id);
    const plans = portalPlans(session);
    const invoices = store.all('invoice').filter((i) => i.customer === customer.id).sort((a, b) => (b.created as number) - (a.created as number));
    return portalPage({ session, customer, subscriptions, plans, invoices, card: store.state.cards[customer.id], message, error, productName });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const method = req.method ?? 'GET';
    const path = url.pathname;

    if (path.startsWith('/v1/')) {
      const auth = req.headers.authorization ?? '';
      const key = /^Bearer\s+(\S+)$/i.exec(auth)?.[1] ?? '';
      const headers = { 'request-id': newId('req'), 'stripe-version': String(req.headers['stripe-version'] ?? API_VERSION) };
      if (key !== STRIPE_SECRET_KEY) {
        const shown = key ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : '';
        return sendJson(res, 401, { error: { type: 'invalid_request_error', message: key ? `Invalid API Key provided: ${shown}` : 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').' } }, headers);
      }
      const body = method === 'POST' ? await readBody(req) : '';
      const result = api.handle({
        method,
        path,
        query: parseForm(url.searchParams),
        form: parseForm(new URLSearchParams(body)),
        idempotencyKey: typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined,
      });
      return sendJson(res, result.status, result.body, headers);
    }

    const checkout = /^\/c\/pay\/([A-Za-z0-9_]+)$/.exec(path);
    if (checkout) {
      const session = store.get(checkout[1]!, 'checkout.session');
      if (!session) return sendPage(res, 404, page('Not found', '<h1>Something went wrong</h1><p>This checkout link is not valid.</p>'));
      if (session.status !== 'open') return sendPage(res, 410, closedCheckoutPage(session));
      const email = checkoutEmail(session);
      if (method === 'GET') return sendPage(res, 200, checkoutPage(session, checkoutLines(session), { email }));
      const form = new URLSearchParams(await readBody(req));
      const card = form.get('card') ?? '';
      const exp = form.get('exp');
      try {
        const paid = engine.payCheckout(session.id, card, form.get('email') || undefined, cardFromForm(card, exp));
        return redirect(res, (paid.success_url as string).replaceAll('{CHECKOUT_SESSION_ID}', paid.id));
      } catch (err) {
        if (!(err instanceof StripeError)) throw err;
        return sendPage(res, err.status, checkoutPage(session, checkoutLines(session), { email, error: err.message, errorParam: err.extra.param, card, exp: exp ?? undefined }));
      }
    }

    const portal = /^\/p\/session\/([A-Za-z0-9_]+)$/.exec(path);
    if (portal) {
      const session = store.get(portal[1]!, 'billing_portal.session');
      if (!session) return sendPage(res, 404, page('Not found', '<h1>This portal link is not valid.</h1>'));
      if (method === 'GET') return sendPage(res, 200, portalView(session));
      const form = new URLSearchParams(await readBody(req));
      const subId = form.get('subscription') ?? '';
      const owns = () => {
        const sub = store.get(subId, 'subscription');
        if (!sub || sub.customer !== session.customer) throw new StripeError(404, 'invalid_request_error', 'No such subscription.');
      };
      try {
        switch (form.get('action')) {
          case 'cancel':
            owns();
            engine.updateSubscription(subId, { cancel_at_period_end: true });
            return sendPage(res, 200, portalView(session, 'Your plan is cancelled. It stays active until the end of the period.'));
          case 'renew':
            owns();
            engine.updateSubscription(subId, { cancel_at_period_end: false });
            return sendPage(res, 200, portalView(session, 'Your plan will renew.'));
          case 'switch':
            owns();
            if (!portalPlans(session).some((p) => p.id === form.get('price'))) throw new StripeError(400, 'invalid_request_error', 'That plan is not available here.');
            engine.updateSubscription(subId, { price: form.get('price') ?? '' });
            return sendPage(res, 200, portalView(session, 'Your plan is changed.'));
          case 'card': {
            store.state.cards[session.customer as string] = cardFromForm(form.get('card') ?? '', form.get('exp'));
            store.save();
            return sendPage(res, 200, portalView(session, 'Your card is updated.'));
          }
          default:
            return sendPage(res, 400, portalView(session, undefined, 'Unknown action.'));
        }
      } catch (err) {
        if (!(err instanceof StripeError)) throw err;
        return sendPage(res, err.status, portalView(session, undefined, err.message));
      }
    }

    const invoice = /^\/i\/([A-Za-z0-9_]+)(\/pdf)?$/.exec(path);
    if (invoice && method === 'GET') {
      const inv = store.get(invoice[1]!, 'invoice');
      return inv ? sendPage(res, 200, invoicePage(inv)) : sendPage(res, 404, page('Not found', '<h1>No such invoice.</h1>'));
    }
    const receipt = /^\/receipts\/([A-Za-z0-9_]+)$/.exec(path);
    if (receipt && method === 'GET') {
      const charge = store.get(receipt[1]!, 'charge');
      return charge ? sendPage(res, 200, receiptPage(charge)) : sendPage(res, 404, page('Not found', '<h1>No such receipt.</h1>'));
    }

    // Controls (a developer's dashboard buttons, and tests).
    if (path === '/_devstack/refund' && method === 'POST') {
      const body = await readBody(req);
      const json = (req.headers['content-type'] ?? '').includes('json');
      const form = json ? (JSON.parse(body || '{}') as Record<string, unknown>) : Object.fromEntries(new URLSearchParams(body));
      try {
        const refund = engine.refund({ charge: str(form.charge as string), payment_intent: str(form.payment_intent as string), amount: form.amount === undefined || form.amount === '' ? undefined : Number(form.amount) });
        return json ? sendJson(res, 200, refund) : redirect(res, '/');
      } catch (err) {
        if (err instanceof StripeError) return sendJson(res, err.status, err.body);
        throw err;
      }
    }
    if (path === '/_devstack/dispute' && method === 'POST') {
      const body = await readBody(req);
      const json = (req.headers['content-type'] ?? '').includes('json');
      const form = json ? (JSON.parse(body || '{}') as Record<string, unknown>) : Object.fromEntries(new URLSearchParams(body));
      try {
        const dispute = engine.dispute({ charge: str(form.charge as string), payment_intent: str(form.payment_intent as string), outcome: form.outcome === 'won' ? 'won' : 'lost' });
        return json ? sendJson(res, 200, dispute) : redirect(res, '/');
      } catch (err) {
        if (err instanceof StripeError) return sendJson(res, err.status, err.body);
        throw err;
      }
    }
    const advance = /^\/_devstack\/subscriptions\/([A-Za-z0-9_]+)\/advance$/.exec(path);
    if (advance && method === 'POST') {
      try {
        const sub = engine.advancePeriod(advance[1]!);
        return (req.headers.accept ?? '').includes('json') ? sendJson(res, 200, sub) : redirect(res, '/');
      } catch (err) {
        if (err instanceof StripeError) return sendJson(res, err.status, err.body);
        throw err;
      }
    }
    if (path === '/_devstack/webhooks/pause' && method === 'POST') return (events.pause(), sendJson(res, 200, { paused: true }));
    if (path === '/_devstack/webhooks/resume' && method === 'POST') return (events.resume(), sendJson(res, 200, { paused: false }));
    if (path === '/_devstack/events' && method === 'GET') return sendJson(res, 200, { pending: events.pendingCount(), events: store.state.events });
    const resend = /^\/_devstack\/events\/([A-Za-z0-9_]+)\/resend$/.exec(path);
    if (resend && method === 'POST') return sendJson(res, events.resend(resend[1]!) ? 202 : 404, {});

    if (path === '/' && method === 'GET') {
      const charges = store.all('charge').sort((a, b) => (b.created as number) - (a.created as number));
      const subs = store.all('subscription').sort((a, b) => (b.created as number) - (a.created as number));
      return sendPage(res, 200, dashboardPage(charges, subs, store.state.events, ctx.config.stripeWebhookUrl));
    }
    return sendJson(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } });
  }

  return { handle, events, engine, store };
}

export const createStripeService: ServiceFactory = (ctx): Service => {
  let handler: ReturnType<typeof createStripeHandler> | null = null;
  const handle = (req: IncomingMessage, res: ServerResponse) => (handler ??= createStripeHandler(ctx)).handle(req, res);
  const server = ownPortServer({
    port: ctx.config.stripePort,
    handle,
    onError: (res, error) => {
      if (error instanceof StripeError) return sendJson(res, error.status, error.body);
      ctx.log('stripe', `request failed: ${(error as Error).stack ?? String(error)}`);
      sendJson(res, 500, { error: { type: 'api_error', message: 'An error occurred with our connection to Stripe.' } });
    },
  });
  return {
    name: 'stripe',
    prefix: '',
    handle: (http) => handle(http.req, http.res),
    async start() {
      await server.start();
      ctx.log('stripe', `Stripe stand-in at ${ctx.config.stripeUrl} → events to ${ctx.config.stripeWebhookUrl}`);
    },
    async stop() {
      handler?.events.stop();
      await server.stop();
    },
  };
};
