/**
 * The subset of Stripe's REST API (/v1) the billing functions call, with Stripe's request encoding,
 * bearer-key authentication, Idempotency-Key replay, `expand[]`, error bodies and list shapes.
 */
import { StripeEngine, StripeError, missing } from './engine.js';
import { list as asList, metadata, obj, str, type FormObject, type FormValue } from './form.js';
import { newId, now, type StripeObject } from './store.js';

const DAY = 24 * 3600;

export interface ApiRequest {
  method: string;
  path: string;
  query: FormObject;
  form: FormObject;
  idempotencyKey?: string;
}

export interface ApiResponse {
  status: number;
  body: unknown;
}

const list = (data: StripeObject[], url: string) => ({ object: 'list', data, has_more: false, url });

function int(v: unknown, param: string): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !/^\d+$/.test(v)) throw new StripeError(400, 'invalid_request_error', 'Invalid integer: ' + String(v), { param });
  return Number(v);
}

function required(v: string | undefined, param: string): string {
  if (!v) throw new StripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, { code: 'parameter_missing', param });
  return v;
}

/** A URL a checkout or portal may send the customer back to (Stripe accepts any http(s) URL). */
function redirectUrl(v: string | undefined, param: string): string {
  const url = required(v, param);
  try {
    const u = new URL(url.replace('{CHECKOUT_SESSION_ID}', 'x'));
    if (u.protocol === 'http:' || u.protocol === 'https:') return url;
  } catch {
    // fall through
  }
  throw new StripeError(400, 'invalid_request_error', 'Not a valid URL', { code: 'url_invalid', param });
}

function limited(items: StripeObject[], query: FormObject, url: string) {
  const limit = Math.min(100, int(str(query.limit), 'limit') ?? 10);
  const sorted = items.sort((a, b) => (b.created as number) - (a.created as number));
  return { ...list(sorted.slice(0, limit), url), has_more: sorted.length > limit };
}

export class StripeApi {
  constructor(private readonly engine: StripeEngine) {}

  private get store() {
    return this.engine.store;
  }

  handle(req: ApiRequest): ApiResponse {
    if (req.method === 'POST' && req.idempotencyKey) {
      const seen = this.store.state.idempotency[req.idempotencyKey];
      if (seen && seen.at > now() - DAY) return { status: seen.status, body: seen.body };
    }
    let res: ApiResponse;
    try {
      res = { status: 200, body: this.route(req) };
    } catch (err) {
      if (!(err instanceof StripeError)) throw err;
      res = { status: err.status, body: err.body };
    }
    if (req.method === 'POST' && req.idempotencyKey && res.status < 500) {
      this.store.state.idempotency[req.idempotencyKey] = { status: res.status, body: res.body, at: now() };
      this.store.save();
    }
    return res;
  }

  private route({ method, path, query, form }: ApiRequest): unknown {
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent); // ['v1', 'customers', id?]
    const [, resource, id, sub] = parts;
    const expand = asList(query.expand ?? form.expand).filter((e): e is string => typeof e === 'string');
    const nested = resource === 'checkout' || resource === 'billing_portal';
    const key = `${method} ${resource}${nested ? `/${parts[2] ?? ''}` : ''}`;

    switch (key) {
      case 'POST customers':
        if (id) return this.updateCustomer(id, form);
        return this.store.put({ id: newId('cus'), object: 'customer', balance: 0, created: now(), email: str(form.email) ?? null, name: str(form.name) ?? null, description: str(form.description) ?? null, livemode: false, metadata: metadata(form.metadata), invoice_settings: { default_payment_method: null }, default_source: null, shipping: null });
      case 'GET customers':
        if (!id) return limited(this.store.all('customer'), query, '/v1/customers');
        return this.store.get(id, 'customer') ?? (() => { throw missing('customer', id); })();
      case 'POST products':
        return this.product(required(str(form.name), 'name'), metadata(form.metadata));
      case 'POST prices':
        return this.createPrice(form);
      case 'GET prices': {
        if (id) return this.store.get(id, 'price') ?? (() => { throw missing('price', id); })();
        const keys = asList(query.lookup_keys).filter((k): k is string => typeof k === 'string');
        const prices = this.store.all('price').filter((p) => (keys.length === 0 || keys.includes(p.lookup_key as string)) && (str(query.active) === undefined || String(p.active) === str(query.active)));
        return limited(prices, query, '/v1/prices');
      }
      case 'POST checkout/sessions':
        return this.createCheckoutSession(form);
      case 'GET checkout/sessions': {
        const sid = parts[3];
        if (!sid) return limited(this.store.all('checkout.session'), query, '/v1/checkout/sessions');
        const s = this.store.get(sid, 'checkout.session');
        if (!s) throw missing('checkout.session', sid);
        return this.publicSession(s);
      }
      case 'POST billing_portal/configurations':
        return this.createPortalConfiguration(form);
      case 'GET billing_portal/configurations': {
        const cid = parts[3];
        if (cid) return this.store.get(cid, 'billing_portal.configuration') ?? (() => { throw missing('billing_portal.configuration', cid); })();
        const active = str(query.active);
        return limited(this.store.all('billing_portal.configuration').filter((c) => active === undefined || String(c.active) === active), query, '/v1/billing_portal/configurations');
      }
      case 'POST billing_portal/sessions': {
        const customer = required(str(form.customer), 'customer');
        if (!this.store.get(customer, 'customer')) throw missing('customer', customer, 'customer');
        const configuration = str(form.configuration);
        if (configuration && !this.store.get(configuration, 'billing_portal.configuration')) throw missing('billing_portal.configuration', configuration, 'configuration');
        const sid = newId('bps');
        return this.store.put({ id: sid, object: 'billing_portal.session', configuration: configuration ?? null, created: now(), customer, flow: null, livemode: false, locale: null, on_behalf_of: null, return_url: str(form.return_url) ? redirectUrl(str(form.return_url), 'return_url') : null, url: `${this.engine.baseUrl}/p/session/${sid}` });
      }
      case 'GET subscriptions': {
        if (id) return this.store.get(id, 'subscription') ?? (() => { throw missing('subscription', id); })();
        const customer = str(query.customer);
        const status = str(query.status);
        const subs = this.store.all('subscription').filter((s) => (!customer || s.customer === customer) && (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled'));
        return limited(subs, query, '/v1/subscriptions');
      }
      case 'POST subscriptions': {
        if (!id) throw new StripeError(400, 'invalid_request_error', 'Subscriptions are created through Checkout here.');
        const item = obj(asList(form.items)[0]);
        const cancel = str(form.cancel_at_period_end);
        return this.engine.updateSubscription(id, { ...(cancel !== undefined ? { cancel_at_period_end: cancel === 'true' } : {}), ...(str(item.price) ? { price: str(item.price) } : {}) });
      }
      case 'DELETE subscriptions':
        return this.engine.cancelSubscription(required(id, 'id'));
      case 'GET invoices': {
        if (id && sub === 'payments') {
          const inv = this.store.get(id, 'invoice') ?? (() => { throw missing('invoice', id); })();
          return list(inv.payments_data as StripeObject[], `/v1/invoices/${id}/payments`);
        }
        if (id) {
          const inv = this.store.get(id, 'invoice');
          if (!inv) throw missing('invoice', id);
          return this.engine.publicInvoice(inv, expand);
        }
        const customer = str(query.customer);
        const subscription = str(query.subscription);
        const invoices = this.store.all('invoice').filter((i) => (!customer || i.customer === customer) && (!subscription || (i.parent as { subscription_details: { subscription: string } }).subscription_details.subscription === subscription));
        const page = limited(invoices, query, '/v1/invoices');
        return { ...page, data: page.data.map((i) => this.engine.publicInvoice(i, expand.map((e) => e.replace(/^data\./, '')))) };
      }
      case 'GET charges':
        if (id) return this.store.get(id, 'charge') ?? (() => { throw missing('charge', id); })();
        return limited(this.store.all('charge').filter((c) => !str(query.customer) || c.customer === str(query.customer)), query, '/v1/charges');
      case 'GET payment_intents':
        return this.store.get(required(id, 'id'), 'payment_intent') ?? (() => { throw missing('payment_intent', id!); })();
      case 'POST refunds':
        return this.engine.refund({ charge: str(form.charge), payment_intent: str(form.payment_intent), amount: int(str(form.amount), 'amount'), reason: str(form.reason) });
      case 'GET events': {
        if (id) return this.store.state.events.find((e) => e.event.id === id)?.event ?? (() => { throw missing('event', id); })();
        const type = str(query.type);
        return limited(this.store.state.events.map((e) => e.event).filter((e) => !type || e.type === type), query, '/v1/events');
      }
      default:
        throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);
    }
  }

  private createPortalConfiguration(form: FormObject): StripeObject {
    const features = obj(form.features);
    const update = obj(features.subscription_update);
    const products = asList(update.products).map(obj).map((p, i) => {
      const product = required(str(p.product), `features[subscription_update][products][${i}][product]`);
      if (!this.store.get(product, 'product')) throw missing('product', product, `features[subscription_update][products][${i}][product]`);
      const prices = asList(p.prices).filter((x): x is string => typeof x === 'string');
      for (const price of prices) if (this.store.get(price, 'price')?.product !== product) throw missing('price', price, `features[subscription_update][products][${i}][prices]`);
      return { product, prices };
    });
    const enabled = (f: FormValue | undefined) => str(obj(f).enabled) === 'true';
    return this.store.put({
      id: newId('bpc'), object: 'billing_portal.configuration', active: true, created: now(), is_default: false, livemode: false,
      metadata: metadata(form.metadata), business_profile: { headline: str(obj(form.business_profile).headline) ?? null },
      features: {
        customer_update: { enabled: enabled(features.customer_update) },
        invoice_history: { enabled: enabled(features.invoice_history) },
        payment_method_update: { enabled: enabled(features.payment_method_update) },
        subscription_cancel: { enabled: enabled(features.subscription_cancel), mode: str(obj(features.subscription_cancel).mode) ?? 'at_period_end' },
        subscription_update: { enabled: enabled(features.subscription_update), default_allowed_updates: asList(update.default_allowed_updates), proration_behavior: str(update.proration_behavior) ?? 'create_prorations', products },
      },
    });
  }

  private updateCustomer(id: string, form: FormObject): StripeObject {
    const c = this.store.get(id, 'customer');
    if (!c) throw missing('customer', id);
    if (str(form.email) !== undefined) c.email = str(form.email);
    if (str(form.name) !== undefined) c.name = str(form.name);
    if (form.metadata) c.metadata = { ...(c.metadata as object), ...metadata(form.metadata) };
    this.store.save();
    return c;
  }

  private product(name: string, meta: Record<string, string>): StripeObject {
    return this.store.put({ id: newId('prod'), object: 'product', active: true, created: now(), description: null, livemode: false, metadata: meta, name, type: 'service' });
  }

  private createPrice(form: FormObject, inline = false): StripeObject {
    const currency = required(str(form.currency), 'currency').toLowerCase();
    const unitAmount = int(str(form.unit_amount), 'unit_amount');
    if (unitAmount === undefined) throw new StripeError(400, 'invalid_request_error', 'Missing required param: unit_amount.', { code: 'parameter_missing', param: 'unit_amount' });
    let product = str(form.product);
    if (product && !this.store.get(product, 'product')) throw missing('product', product, 'product');
    if (!product) {
      const pd = obj(form.product_data);
      product = this.product(required(str(pd.name), 'product_data[name]'), metadata(pd.metadata)).id;
    }
    const recurring = form.recurring ? obj(form.recurring) : null;
    const lookup = str(form.lookup_key);
    if (lookup && this.store.all('price').some((p) => p.lookup_key === lookup)) {
      throw new StripeError(400, 'invalid_request_error', `A price (\`${this.store.all('price').find((p) => p.lookup_key === lookup)!.id}\`) already uses that lookup key.`, { code: 'lookup_key_already_in_use', param: 'lookup_key' });
    }
    return this.store.put({
      id: newId('price'), object: 'price', active: !inline, billing_scheme: 'per_unit', created: now(), currency, livemode: false,
      lookup_key: lookup ?? null, metadata: metadata(form.metadata), nickname: str(form.nickname) ?? null, product,
      recurring: recurring ? { interval: str(recurring.interval) ?? 'month', interval_count: Number(str(recurring.interval_count) ?? 1), usage_type: 'licensed' } : null,
      type: recurring ? 'recurring' : 'one_time', unit_amount: unitAmount, unit_amount_decimal: String(unitAmount),
    });
  }

  private createCheckoutSession(form: FormObject): StripeObject {
    const mode = required(str(form.mode), 'mode');
    if (mode !== 'payment' && mode !== 'subscription') throw new StripeError(400, 'invalid_request_error', `Invalid mode: must be one of payment, setup, or subscription`, { param: 'mode' });
    const customer = str(form.customer) ?? null;
    if (customer && !this.store.get(customer, 'customer')) throw missing('customer', customer, 'customer');
    if (mode === 'subscription' && !customer) throw new StripeError(400, 'invalid_request_error', 'Subscriptions here need a customer.', { param: 'customer' });
    const items = asList(form.line_items).map(obj);
    if (items.length === 0) throw new StripeError(400, 'invalid_request_error', 'Missing required param: line_items.', { code: 'parameter_missing', param: 'line_items' });
    const lines = items.map((item, i) => {
      const quantity = int(str(item.quantity), `line_items[${i}][quantity]`) ?? 1;
      const priceId = str(item.price) ?? this.createPrice(obj(item.price_data), true).id;
      const price = this.store.get(priceId, 'price');
      if (!price) throw missing('price', priceId, `line_items[${i}][price]`);
      if (mode === 'subscription' && !price.recurring) throw new StripeError(400, 'invalid_request_error', 'You must provide at least one recurring price in `subscription` mode when using prices.');
      if (mode === 'payment' && price.recurring) throw new StripeError(400, 'invalid_request_error', 'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.');
      return { price: priceId, quantity, amount: (price.unit_amount as number) * quantity, currency: price.currency as string };
    });
    const id = newId('cs_test');
    const created = now();
    return this.publicSession(this.store.put({
      id, object: 'checkout.session', amount_subtotal: lines.reduce((s, l) => s + l.amount, 0), amount_total: lines.reduce((s, l) => s + l.amount, 0),
      cancel_url: str(form.cancel_url) ? redirectUrl(str(form.cancel_url), 'cancel_url') : null, client_reference_id: str(form.client_reference_id) ?? null,
      created, currency: lines[0]!.currency, customer, customer_details: null, customer_email: str(form.customer_email) ?? null,
      expires_at: created + DAY, invoice: null, livemode: false, metadata: metadata(form.metadata), mode, payment_intent: null,
      payment_status: 'unpaid', status: 'open', subscription: null, success_url: redirectUrl(str(form.success_url), 'success_url'),
      ui_mode: 'hosted', url: `${this.engine.baseUrl}/c/pay/${id}`,
      line_items_data: lines.map(({ price, quantity }) => ({ price, quantity })),
      payment_intent_data: form.payment_intent_data ? { metadata: metadata(obj(form.payment_intent_data).metadata), description: str(obj(form.payment_intent_data).description) } : undefined,
      subscription_data: form.subscription_data ? { metadata: metadata(obj(form.subscription_data).metadata) } : undefined,
    }));
  }

  /** A session as the API shows it (its line items are a separate, expandable list on Stripe). */
  publicSession(s: StripeObject): StripeObject {
    const { line_items_data: _lines, payment_intent_data: _pid, subscription_data: _sd, ...rest } = s;
    return { ...rest, url: s.status === 'open' ? s.url : null };
  }
}
