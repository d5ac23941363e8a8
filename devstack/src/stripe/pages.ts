/**
 * The stand-in's pages: hosted Checkout (card form, Pay, a declining test card), the customer
 * portal (plan, cancel or renew, change plan, card, invoices), an invoice, a receipt, and a
 * dashboard of what was paid and every event with its deliveries.
 */
import { html, raw, type RawHtml } from '../inbox/html.js';
import { DEFAULT_EXPIRY, describeCard, type SavedCard } from './card.js';
import { TEST_CARDS } from './engine.js';
import type { StoredEvent, StripeObject } from './store.js';

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
const date = (unix: number | null | undefined) => (unix ? new Date(unix * 1000).toISOString().slice(0, 10) : '—');

const STYLE = `
  :root { color-scheme: light dark; --fg:#1a1f36; --muted:#697386; --bg:#f6f9fc; --card:#fff; --line:#e3e8ee; --brand:#635bff; --bad:#c0123c; }
  @media (prefers-color-scheme: dark) { :root { --fg:#e6ebf1; --muted:#a3acb9; --bg:#0a2540; --card:#102a45; --line:#2b4a6b; --brand:#8f8aff; --bad:#ff8fa3; } }
  * { box-sizing: border-box; }
  body { margin:0; font:15px/1.5 system-ui, sans-serif; color:var(--fg); background:var(--bg); }
  main { max-width: 960px; margin: 0 auto; padding: 24px 16px 48px; }
  .grid { display:grid; gap:24px; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); }
  .card { background:var(--card); border:1px solid var(--line); border-radius:12px; padding:20px; }
  h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 0 0 12px; }
  .muted { color: var(--muted); } .amount { font-size: 32px; font-weight: 700; margin: 8px 0 16px; }
  label { display:block; font-weight:600; margin: 12px 0 4px; }
  input { width:100%; padding:10px 12px; border:1px solid var(--line); border-radius:8px; font:inherit; background:var(--card); color:var(--fg); }
  button, .button { display:inline-block; margin-top:16px; padding:10px 16px; border:0; border-radius:8px; background:var(--brand); color:#fff; font:inherit; font-weight:600; cursor:pointer; text-decoration:none; }
  .button.secondary, button.secondary { background: transparent; color: var(--brand); border: 1px solid var(--line); }
  button:focus-visible, a:focus-visible, input:focus-visible { outline: 3px solid var(--brand); outline-offset: 2px; }
  .error { color: var(--bad); font-weight:600; }
  .badge { display:inline-block; padding:2px 8px; border-radius:99px; border:1px solid var(--line); font-size:12px; }
  table { width:100%; border-collapse:collapse; font-size:14px; } th, td { text-align:left; padding:8px 6px; border-bottom:1px solid var(--line); vertical-align: top; }
  .test { background:#ffde92; color:#4d3a00; padding:4px 12px; text-align:center; font-size:13px; font-weight:600; }
  a { color: var(--brand); }
  .row { display:flex; gap:12px; } .row > * { flex:1; }
  .scroll { overflow-x:auto; }
`;

export function page(title: string, body: RawHtml | string): string {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${raw(STYLE)}</style></head><body><div class="test" role="note">Test mode · local Stripe stand-in</div><main>${typeof body === 'string' ? raw(body) : body}</main></body></html>`.value;
}

export interface CheckoutLine {
  name: string;
  quantity: number;
  amount: number;
  recurring: boolean;
}

export interface CheckoutForm {
  /** Filled in from customer_email or the session's customer; locked when it is the customer's, as on Stripe. */
  email: { value: string; locked: boolean };
  error?: string;
  /** Which field the error is about (Stripe's `param`): the expiry, else the card number. */
  errorParam?: string;
  card?: string;
  exp?: string;
}

export function checkoutPage(session: StripeObject, lines: CheckoutLine[], { email, error, errorParam, card = TEST_CARDS.success, exp = DEFAULT_EXPIRY }: CheckoutForm): string {
  const onExpiry = !!error && errorParam === 'exp_month';
  const onCard = !!error && !onExpiry;
  const currency = session.currency as string;
  const subscription = session.mode === 'subscription';
  const total = session.amount_total as number;
  return page(
    'Pay · Checkout',
    html`<div class="grid">
  <section class="card" aria-labelledby="summary">
    <h1 id="summary">${subscription ? 'Subscribe to' : 'Pay'} Shotcraft</h1>
    <p class="amount">${money(total, currency)}${subscription ? raw(' <span class="muted">per month</span>') : ''}</p>
    <table><tbody>${lines.map((l) => html`<tr><td>${l.name}${l.quantity > 1 ? ` × ${l.quantity}` : ''}</td><td>${money(l.amount, currency)}${l.recurring ? ' / month' : ''}</td></tr>`)}</tbody></table>
    ${session.cancel_url ? html`<p><a href="${session.cancel_url as string}">← Back to Shotcraft</a></p>` : ''}
  </section>
  <form class="card" method="post" aria-labelledby="pay-title">
    <h2 id="pay-title">Pay with card</h2>
    <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="${email.value}"${email.locked ? raw(' readonly') : ''}>
    <label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="${card}" aria-describedby="card-help${onCard ? ' card-error' : ''}"${onCard ? raw(' aria-invalid="true"') : ''}>
    <p id="card-help" class="muted">Test cards: ${TEST_CARDS.success} succeeds · ${TEST_CARDS.declined} is declined · ${TEST_CARDS.insufficientFunds} has insufficient funds.</p>
    <div class="row"><div><label for="exp">Expiry</label><input id="exp" name="exp" value="${exp}" placeholder="MM / YY" autocomplete="cc-exp"${onExpiry ? raw(' aria-describedby="card-error" aria-invalid="true"') : ''}></div><div><label for="cvc">CVC</label><input id="cvc" name="cvc" value="123" autocomplete="cc-csc"></div></div>
    ${error ? html`<p id="card-error" class="error" role="alert">${error}</p>` : ''}
    <button type="submit">${subscription ? 'Subscribe' : 'Pay'} ${money(total, currency)}</button>
  </form>
</div>`,
  );
}

export function closedCheckoutPage(session: StripeObject): string {
  return page(
    'Checkout',
    html`<section class="card"><h1>This checkout is ${session.status === 'complete' ? 'already paid' : 'no longer available'}.</h1>
    ${session.success_url && session.status === 'complete' ? html`<p><a href="${(session.success_url as string).replace('{CHECKOUT_SESSION_ID}', session.id)}">Return to Shotcraft</a></p>` : ''}</section>`,
  );
}

export interface PortalView {
  session: StripeObject;
  customer: StripeObject;
  subscriptions: StripeObject[];
  plans: StripeObject[];
  invoices: StripeObject[];
  card: SavedCard | undefined;
  message?: string;
  error?: string;
  productName: (productId: string) => string;
}

export function portalPage(v: PortalView): string {
  const action = `/p/session/${v.session.id}`;
  const subs = v.subscriptions.filter((s) => s.status !== 'canceled');
  return page(
    'Billing portal',
    html`<h1>Billing for ${(v.customer.email as string) ?? v.customer.id}</h1>
${v.session.return_url ? html`<p><a href="${v.session.return_url as string}">← Return to Shotcraft</a></p>` : ''}
${v.message ? html`<p role="status">${v.message}</p>` : ''}${v.error ? html`<p class="error" role="alert">${v.error}</p>` : ''}
<div class="grid">
<section class="card" aria-labelledby="plan-title"><h2 id="plan-title">Current plan</h2>
${subs.length === 0 ? html`<p class="muted">No active subscription.</p>` : subs.map((s) => {
  const item = (s.items as { data: { price: StripeObject; current_period_end: number }[] }).data[0]!;
  return html`<p><strong>${v.productName(item.price.product as string)}</strong> · ${money(item.price.unit_amount as number, item.price.currency as string)} per month <span class="badge">${s.status as string}</span></p>
  <p class="muted">${s.cancel_at_period_end ? `Cancels on ${date(item.current_period_end)}` : `Renews on ${date(item.current_period_end)}`}</p>
  <form method="post" action="${action}"><input type="hidden" name="subscription" value="${s.id}">
  ${s.cancel_at_period_end
    ? html`<button name="action" value="renew">Don't cancel</button>`
    : html`<button name="action" value="cancel" class="secondary">Cancel plan</button>`}</form>
  ${v.plans.length > 1 && !s.cancel_at_period_end ? html`<h2 style="margin-top:16px">Change plan</h2>${v.plans.filter((p) => p.id !== item.price.id).map((p) => html`<form method="post" action="${action}"><input type="hidden" name="subscription" value="${s.id}"><input type="hidden" name="price" value="${p.id}"><button name="action" value="switch" class="secondary">Switch to ${v.productName(p.product as string)} · ${money(p.unit_amount as number, p.currency as string)}/month</button></form>`)}` : ''}`;
})}
</section>
<section class="card" aria-labelledby="card-title"><h2 id="card-title">Payment method</h2>
<p>${v.card ? describeCard(v.card) : 'No card on file.'}</p>
<form method="post" action="${action}"><label for="newcard">New card number</label><input id="newcard" name="card" inputmode="numeric" autocomplete="cc-number" value="${TEST_CARDS.success}">
<div class="row"><div><label for="newexp">Expiry</label><input id="newexp" name="exp" value="${DEFAULT_EXPIRY}" placeholder="MM / YY" autocomplete="cc-exp"></div><div><label for="newcvc">CVC</label><input id="newcvc" name="cvc" value="123" autocomplete="cc-csc"></div></div>
<button name="action" value="card">Update card</button></form>
</section>
</div>
<section class="card" style="margin-top:24px" aria-labelledby="inv-title"><h2 id="inv-title">Invoices</h2>
${v.invoices.length === 0 ? html`<p class="muted">No invoices yet.</p>` : html`<div class="scroll"><table><thead><tr><th>Date</th><th>Number</th><th>Amount</th><th>Status</th></tr></thead><tbody>
${v.invoices.map((i) => html`<tr><td>${date(i.created as number)}</td><td><a href="${i.hosted_invoice_url as string}">${i.number as string}</a></td><td>${money(i.amount_paid as number, i.currency as string)}</td><td>${i.status as string}</td></tr>`)}
</tbody></table></div>`}
</section>`,
  );
}

export function invoicePage(invoice: StripeObject): string {
  const lines = (invoice.lines as { data: StripeObject[] }).data;
  return page(
    `Invoice ${invoice.number as string}`,
    html`<section class="card"><h1>Invoice ${invoice.number as string}</h1><p class="muted">Paid ${date((invoice.status_transitions as { paid_at: number }).paid_at)} · ${invoice.id}</p>
<table><tbody>${lines.map((l) => html`<tr><td>${l.description as string}</td><td>${date((l.period as { start: number }).start)} – ${date((l.period as { end: number }).end)}</td><td>${money(l.amount as number, l.currency as string)}</td></tr>`)}</tbody></table>
<p class="amount">${money(invoice.amount_paid as number, invoice.currency as string)}</p></section>`,
  );
}

export function receiptPage(charge: StripeObject): string {
  return page(
    'Receipt',
    html`<section class="card"><h1>Receipt</h1><p class="muted">${charge.id} · ${date(charge.created as number)}</p>
<p>${charge.description as string}</p><p class="amount">${money(charge.amount as number, charge.currency as string)}</p>
${(charge.amount_refunded as number) > 0 ? html`<p>Refunded ${money(charge.amount_refunded as number, charge.currency as string)}</p>` : ''}</section>`,
  );
}

export function dashboardPage(payments: StripeObject[], subscriptions: StripeObject[], events: StoredEvent[], webhookUrl: string): string {
  return page(
    'Stripe stand-in',
    html`<h1>Local Stripe</h1><p class="muted">Events go to <code>${webhookUrl}</code>, signed with the functions' STRIPE_WEBHOOK_SECRET.</p>
<section class="card" aria-labelledby="pay-h"><h2 id="pay-h">Payments</h2>${payments.length === 0 ? html`<p class="muted">Nothing paid yet.</p>` : html`<div class="scroll"><table><thead><tr><th>Date</th><th>Charge</th><th>Description</th><th>Amount</th><th>Refunded</th><th></th></tr></thead><tbody>
${payments.map((c) => html`<tr><td>${date(c.created as number)}</td><td>${c.id}</td><td>${c.description as string}</td><td>${money(c.amount as number, c.currency as string)}</td><td>${(c.amount_refunded as number) ? money(c.amount_refunded as number, c.currency as string) : '—'}</td>
<td>${c.refunded ? '' : html`<form method="post" action="/_devstack/refund"><input type="hidden" name="charge" value="${c.id}"><button class="secondary" style="margin:0">Refund</button></form>`}${c.refunded || c.disputed ? '' : html`<form method="post" action="/_devstack/dispute"><input type="hidden" name="charge" value="${c.id}"><input type="hidden" name="outcome" value="lost"><button class="secondary" style="margin:0">Chargeback (lost)</button></form>`}</td></tr>`)}
</tbody></table></div>`}</section>
<section class="card" style="margin-top:24px" aria-labelledby="sub-h"><h2 id="sub-h">Subscriptions</h2>${subscriptions.length === 0 ? html`<p class="muted">None.</p>` : html`<div class="scroll"><table><thead><tr><th>Subscription</th><th>Status</th><th>Period end</th><th></th></tr></thead><tbody>
${subscriptions.map((s) => {
  const item = (s.items as { data: { current_period_end: number }[] }).data[0]!;
  return html`<tr><td>${s.id}</td><td>${s.status as string}${s.cancel_at_period_end ? ' (cancels at period end)' : ''}</td><td>${date(item.current_period_end)}</td>
<td>${s.status === 'canceled' ? '' : html`<form method="post" action="/_devstack/subscriptions/${s.id}/advance"><button class="secondary" style="margin:0">Advance to period end</button></form>`}</td></tr>`;
})}</tbody></table></div>`}</section>
<section class="card" style="margin-top:24px" aria-labelledby="ev-h"><h2 id="ev-h">Events</h2><div class="scroll"><table><thead><tr><th>Time</th><th>Type</th><th>Id</th><th>Deliveries</th></tr></thead><tbody>
${[...events].reverse().slice(0, 200).map((e) => html`<tr><td>${new Date((e.event.created as number) * 1000).toISOString().slice(0, 19).replace('T', ' ')}</td><td>${e.event.type as string}</td><td>${e.event.id}</td>
<td>${e.state} · ${e.deliveries.map((d) => (d.status ?? d.error ?? 'error')).join(', ') || '—'}</td></tr>`)}
</tbody></table></div></section>`,
  );
}
