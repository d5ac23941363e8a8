import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/msw/server';
import { stubLocationAssign } from '@/test/location';
import { renderStudioAt } from '@/test/render-studio';
import { nameHoldsShownText, shownText } from '@/test/label-in-name';
import { storeTestSession } from '@/test/session';
import { API, STUDIO_PRICES } from '@/test/studio-handlers';
import type { LedgerRow } from '../api';
import { billingHandlers, overview, PACKS } from '../testing/billing-handlers';
import { BillingPage } from './billing-page';
import { ledgerCsv } from './credit-history';
import { CreditPacksPage, packValues } from './credit-packs-page';

beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

const assign = stubLocationAssign();
beforeEach(() => {
  storeTestSession();
  server.use(http.post(`${API}/rest/v1/rpc/credit_summary`, () => HttpResponse.json({ total_credits: 5, subscription_plan: 'trial', subscription_status: 'active' })), http.get(`${API}/rest/v1/studio_prices`, () => HttpResponse.json(STUDIO_PRICES)));
});
const renderAt = (path: string) => renderStudioAt(path, { '/dashboard/credit-packs': <CreditPacksPage />, '/billing': <BillingPage /> });

const LEDGER: LedgerRow[] = [
  { id: 3, delta: -10, reason: 'job_debit', studio: 'competitor_ad', job_id: '11111111-1111-4111-8111-111111111111', balance_after: 145, created_at: '2026-11-25T10:00:00Z' },
  { id: 2, delta: 150, reason: 'purchase', studio: null, job_id: null, balance_after: 155, created_at: '2026-11-25T09:00:00Z' },
  { id: 1, delta: 5, reason: 'signup_grant', studio: null, job_id: null, balance_after: 5, created_at: '2026-11-24T09:00:00Z' },
];

describe('credit packs', () => {
  it('marks the pack with the lowest price per credit as the best value', () => {
    const values = packValues(PACKS);
    expect(values.bestId).toBe('pack_500');
    expect(values.saving(PACKS[0]!)).toBe(0);
    expect(values.saving(PACKS[2]!)).toBe(22);
  });

  it('lists the packs with their price per credit and sends only the pack id to checkout', async () => {
    let sent: unknown;
    server.use(
      ...billingHandlers(),
      http.post(`${API}/functions/v1/create-checkout-session`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, url: 'http://127.0.0.1:54327/c/pay/cs_test_1', session_id: 'cs_test_1' });
      }),
    );
    const user = userEvent.setup();
    renderAt('/dashboard/credit-packs');
    const best = (await screen.findByText('Best value')).closest('li')!;
    expect(within(best).getByText('$149')).toBeInTheDocument();
    expect(within(best).getByText('$0.30 per credit')).toBeInTheDocument();
    expect(within(best).getByText('Save 22% per credit')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy 150 credits for $49' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:54327/c/pay/cs_test_1'));
    expect(sent).toEqual({ pack_id: 'pack_150', return_path: '/dashboard/credit-packs' });
  });

  it('on a plan, names each plan button with the words it shows (Manage plan, Switch to …)', async () => {
    server.use(...billingHandlers({ overview: overview({ plan: 'professional', subscription: { id: 'sub_1', plan: 'professional', status: 'active', current_period_end: '2026-12-25T00:00:00Z', cancel_at_period_end: false } }) }));
    renderAt('/dashboard/credit-packs');
    const manage = await screen.findByRole('button', { name: 'Manage plan, your Professional plan' });
    const buttons = within(manage.closest('ul')!).getAllByRole('button');
    expect(buttons.map((b) => shownText(b))).toEqual(['Switch to Starter', 'Manage plan', 'Switch to Enterprise']);
    for (const button of buttons) expect(nameHoldsShownText(button.getAttribute('aria-label') ?? '', button)).toBe(true);
  });

  it('shows the checkout’s refusal in its own words', async () => {
    server.use(...billingHandlers(), http.post(`${API}/functions/v1/create-checkout-session`, () => HttpResponse.json({ success: false, error: 'Rate limit exceeded' }, { status: 429 })));
    const user = userEvent.setup();
    renderAt('/dashboard/credit-packs');
    await user.click(await screen.findByRole('button', { name: 'Buy 50 credits for $19' }));
    expect(await screen.findByText('Rate limit exceeded')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('back from checkout, waits for the payment and says what was added', async () => {
    let paid = false;
    server.use(
      http.get(`${API}/rest/v1/billing_payments`, ({ request }) => {
        // The webhook lands between the first look and the second.
        if (new URL(request.url).searchParams.get('checkout_session_id') !== 'eq.cs_test_abc') return HttpResponse.json([]);
        if (!paid) return (paid = true), HttpResponse.json([]);
        return HttpResponse.json([{ credits: 150 }]);
      }),
      http.get(`${API}/rest/v1/profiles`, () => HttpResponse.json([{ credits: 155 }])),
      ...billingHandlers(),
    );
    renderAt('/dashboard/credit-packs?checkout=success&session_id=cs_test_abc');
    expect(await screen.findByText('Adding it to your account…')).toBeInTheDocument();
    // In the page's notice and in a toast.
    expect(await screen.findByText('Thank you!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('150 credits added. You now have 155 credits.')).toHaveLength(2));
  });

  it('a cancelled checkout says nothing was charged', async () => {
    server.use(...billingHandlers());
    renderAt('/dashboard/credit-packs?checkout=cancelled');
    expect(await screen.findByText('Nothing was charged. You can buy whenever you are ready.')).toBeInTheDocument();
  });
});

describe('billing', () => {
  it('shows the trial plan with the plans to choose, highlighting the one picked on the pricing page', async () => {
    server.use(...billingHandlers({ ledger: LEDGER }));
    renderAt('/billing?plan=professional');
    expect(await screen.findByRole('heading', { name: 'Trial plan' })).toBeInTheDocument();
    expect(await screen.findByText('You chose this plan on the pricing page.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe to Enterprise' })).toBeInTheDocument();
    expect(screen.getByText('No payments yet.')).toBeInTheDocument();
  });

  it('shows a plan set up without a subscription as the user\'s plan, not as the trial, with a way to subscribe', async () => {
    server.use(...billingHandlers({ overview: overview({ plan: 'professional', balance: 186, credits_received: 200, credits_used: 14 }) }));
    renderAt('/billing');
    expect(await screen.findByRole('heading', { name: 'Professional plan' })).toBeInTheDocument();
    expect(screen.getByText(/Your Professional plan was set up without a subscription: nothing renews and nothing is charged/)).toBeInTheDocument();
    // 186 of the period's 200 credits are left: the bar shows what is left, as the dashboard's does.
    expect(screen.getByRole('progressbar', { name: "93% of this period's credits left" })).toBeInTheDocument();
    expect(screen.queryByText(/free trial plan/)).not.toBeInTheDocument();
    const professional = (await screen.findByRole('heading', { name: 'Professional', level: 3 })).closest('li')!;
    expect(within(professional).getByText('Your plan')).toBeInTheDocument();
    expect(within(professional).getByRole('button', { name: 'Subscribe to Professional' })).toBeInTheDocument();
  });

  it('from the landing\'s "Get Started", signed in, goes straight on to Checkout for that plan, once', async () => {
    const sent: unknown[] = [];
    server.use(
      ...billingHandlers(),
      http.post(`${API}/functions/v1/create-checkout-session`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true, url: 'http://127.0.0.1:54327/c/pay/cs_test_2', session_id: 'cs_test_2' });
      }),
    );
    renderAt('/billing?plan=professional&checkout=1');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:54327/c/pay/cs_test_2'));
    expect(screen.getByRole('status')).toHaveTextContent('Opening secure checkout…');
    expect(sent).toEqual([{ plan_id: 'professional', return_path: '/billing?bought=plan' }]);
  });

  it('does not open Checkout by itself for a user already on a plan, or for a plan that does not exist', async () => {
    let calls = 0;
    const count = http.post(`${API}/functions/v1/create-checkout-session`, () => (calls++, HttpResponse.json({ success: true, url: 'http://127.0.0.1:54327/c/pay/x', session_id: 'x' })));
    server.use(count, ...billingHandlers({ overview: overview({ plan: 'professional', subscription: { id: 'sub_1', plan: 'professional', status: 'active', current_period_end: '2026-12-25T00:00:00Z', cancel_at_period_end: false } }) }));
    const { unmount } = renderAt('/billing?plan=enterprise&checkout=1');
    expect(await screen.findByRole('heading', { name: /Professional plan/ })).toBeInTheDocument();
    unmount();
    server.use(count, ...billingHandlers());
    renderAt('/billing?plan=platinum&checkout=1');
    expect(await screen.findByRole('button', { name: 'Subscribe to Enterprise' })).toBeInTheDocument();
    expect(calls).toBe(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows a subscription that ends at the period end, and the debt a refund left', async () => {
    server.use(
      ...billingHandlers({
        overview: overview({ plan: 'professional', balance: 0, credits_owed: 20, subscription: { id: 'sub_1', plan: 'professional', status: 'active', current_period_end: '2026-12-25T00:00:00Z', cancel_at_period_end: true } }),
        payments: [{ id: 1, kind: 'plan', product: 'professional', description: 'Professional plan', credits: 300, amount_cents: 14900, currency: 'usd', amount_refunded_cents: 14900, credits_clawed_back: 300, checkout_session_id: null, receipt_url: 'http://127.0.0.1:54327/i/in_1', created_at: '2026-11-25T00:00:00Z' }],
      }),
    );
    renderAt('/billing');
    expect(await screen.findByText('Cancels at period end')).toBeInTheDocument();
    expect(screen.getByText(/Your plan ends on December 25, 2026/)).toBeInTheDocument();
    expect(screen.getByText('A refund took back credits you had already used')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Professional plan \+300 \$149 Refunded/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Choose a plan' })).not.toBeInTheDocument();
  });

  it('lists the credit history and filters it by kind', async () => {
    server.use(...billingHandlers({ ledger: LEDGER }));
    const user = userEvent.setup();
    renderAt('/billing');
    const table = await screen.findByRole('table', { name: 'Credit history' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('row', { name: /Generation Competitor Ad Analyzer 11111111 −10 145/ })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'Credits received' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Credit history' })).getAllByRole('row')).toHaveLength(3));
  });

  it('asks a signed-out visitor to sign in', async () => {
    localStorage.clear();
    const { authStore } = await import('@/lib/auth/auth-store');
    authStore.reset();
    server.use(http.get(`${API}/auth/v1/user`, () => HttpResponse.json({}, { status: 401 })));
    renderAt('/billing');
    expect(await screen.findByText('Sign in to see Billing')).toBeInTheDocument();
  });

  it('exports the history as CSV with studio names', () => {
    const csv = ledgerCsv(LEDGER, (s) => (s === 'competitor_ad' ? 'Competitor Ad Analyzer' : s));
    expect(csv.split('\r\n')[1]).toBe('2026-11-25T10:00:00Z,Generation,Competitor Ad Analyzer,11111111-1111-4111-8111-111111111111,-10,145');
  });
});
