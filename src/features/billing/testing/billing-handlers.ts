import { http, HttpResponse } from 'msw';
import { API } from '@/test/studio-handlers';
import type { BillingOverview, BillingPlan, CreditPack, LedgerRow, Payment } from '../api';

/** msw handlers shaped like PostgREST's answers for the billing reads. */

export const PACKS: CreditPack[] = [
  { id: 'pack_50', name: 'Boost', credits: 50, price_cents: 1900 },
  { id: 'pack_150', name: 'Growth', credits: 150, price_cents: 4900 },
  { id: 'pack_500', name: 'Scale', credits: 500, price_cents: 14900 },
];

export const BILLING_PLANS: BillingPlan[] = [
  { id: 'starter', name: 'Starter', price_cents: 9900, credits: 199, popular: false, features: ['199 credits every month'] },
  { id: 'professional', name: 'Professional', price_cents: 14900, credits: 300, popular: true, features: ['300 credits every month'] },
  { id: 'enterprise', name: 'Enterprise', price_cents: 49900, credits: 1200, popular: false, features: ['1,200 credits every month'] },
];

export function overview(overrides: Partial<BillingOverview> = {}): BillingOverview {
  return { plan: 'trial', balance: 5, credits_owed: 0, period_start: '2026-11-01T00:00:00Z', credits_used: 0, credits_received: 5, subscription: null, ...overrides };
}

export function billingHandlers(opts: { overview?: BillingOverview; payments?: Payment[]; ledger?: LedgerRow[] } = {}) {
  return [
    http.get(`${API}/rest/v1/credit_packs`, () => HttpResponse.json(PACKS)),
    http.get(`${API}/rest/v1/pricing_plans`, () => HttpResponse.json(BILLING_PLANS)),
    http.post(`${API}/rest/v1/rpc/billing_overview`, () => HttpResponse.json(opts.overview ?? overview())),
    http.get(`${API}/rest/v1/billing_payments`, () => HttpResponse.json(opts.payments ?? [])),
    http.get(`${API}/rest/v1/credit_ledger`, ({ request }) => {
      const url = new URL(request.url);
      let rows = opts.ledger ?? [];
      const reason = url.searchParams.get('reason');
      if (reason?.startsWith('in.(')) rows = rows.filter((r) => reason.slice(4, -1).split(',').includes(r.reason));
      const studio = url.searchParams.get('studio');
      if (studio?.startsWith('eq.')) rows = rows.filter((r) => r.studio === studio.slice(3));
      return HttpResponse.json(rows.slice(0, Number(url.searchParams.get('limit') ?? rows.length)));
    }),
  ];
}
