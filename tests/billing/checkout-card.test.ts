/**
 * What the customer sees on Stripe's pages, through create-checkout-session and
 * create-portal-session against the devstack's stand-in: Checkout shows the user's e-mail filled in
 * (the function passes the user's Stripe customer, which carries it), and the portal shows the card
 * and expiry that were entered, at checkout and when the card is updated.
 */
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { newActor, type Actor } from '../data/support.js';

const ORIGIN = 'http://127.0.0.1:5173';

async function call(actor: Actor, fn: string, body: unknown) {
  const { api_url, anon_key } = inject('devstack');
  const token = (await actor.db.auth.getSession()).data.session!.access_token;
  const res = await fetch(`${api_url}/functions/v1/${fn}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, apikey: anon_key, 'Content-Type': 'application/json', Origin: ORIGIN },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The value and attributes of an <input> on a page, by id. */
function input(html: string, id: string): { value: string | undefined; readonly: boolean } | null {
  const tag = new RegExp(`<input[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0];
  if (!tag) return null;
  return { value: /\bvalue="([^"]*)"/.exec(tag)?.[1], readonly: /\sreadonly\b/.test(tag) };
}

/** A page's text as the browser shows it (the stand-in escapes quotes and ampersands). */
const shown = (html: string) => html.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');

const emailOf = async (actor: Actor) => (await actor.db.auth.getUser()).data.user!.email!;

describe('Checkout', () => {
  it("shows the user's e-mail filled in and locked, as Stripe Checkout does for a customer", async () => {
    const actor = await newActor();
    const started = await call(actor, 'create-checkout-session', { pack_id: 'pack_150' });
    expect(started.status).toBe(200);
    const page = await (await fetch(started.body.url as string)).text();
    expect(input(page, 'email')).toEqual({ value: await emailOf(actor), readonly: true });
  });

  it('refuses an expiry in the past or an impossible month, with Stripe\'s words, and charges nothing', async () => {
    const actor = await newActor();
    const started = await call(actor, 'create-checkout-session', { pack_id: 'pack_150' });
    const url = started.body.url as string;
    for (const [exp, words] of [['13 / 30', "Your card's expiration month is invalid."], ['01 / 20', "Your card's expiration year is in the past."], ['', "Your card's expiration date is incomplete."]] as const) {
      const res = await fetch(url, { method: 'POST', body: new URLSearchParams({ card: '4242 4242 4242 4242', exp }), redirect: 'manual' });
      expect(res.status).toBe(402);
      const page = shown(await res.text());
      expect(page).toContain(words);
      // The form comes back with what was typed.
      expect(input(page, 'exp')?.value).toBe(exp);
      expect(page).toMatch(/<input id="exp"[^>]*aria-invalid="true"/);
    }
    const { data } = await actor.db.from('profiles').select('credits').single();
    expect(data?.credits).toBe(5);
  });
});

describe('the billing portal', () => {
  it('shows the card and expiry entered at checkout, then the ones entered when the card is updated', async () => {
    const actor = await newActor();
    const started = await call(actor, 'create-checkout-session', { pack_id: 'pack_150' });
    const paid = await fetch(started.body.url as string, { method: 'POST', body: new URLSearchParams({ card: '5555 5555 5555 4444', exp: '07 / 31', cvc: '123' }), redirect: 'manual' });
    expect(paid.status).toBe(303);

    const portal = await call(actor, 'create-portal-session', {});
    expect(portal.status).toBe(200);
    const portalUrl = portal.body.url as string;
    expect(await (await fetch(portalUrl)).text()).toContain('MASTERCARD •••• 4444, expires 07/2031');

    const updated = await fetch(portalUrl, { method: 'POST', body: new URLSearchParams({ action: 'card', card: '4242 4242 4242 4242', exp: '03 / 29', cvc: '123' }) });
    expect(updated.status).toBe(200);
    const after = await updated.text();
    expect(after).toContain('Your card is updated.');
    expect(after).toContain('VISA •••• 4242, expires 03/2029');

    // A past expiry changes nothing.
    const refused = await fetch(portalUrl, { method: 'POST', body: new URLSearchParams({ action: 'card', card: '4000 0566 5566 5556', exp: '01 / 21' }) });
    expect(refused.status).toBe(402);
    const page = shown(await refused.text());
    expect(page).toContain("Your card's expiration year is in the past.");
    expect(page).toContain('VISA •••• 4242, expires 03/2029');
  });
});
