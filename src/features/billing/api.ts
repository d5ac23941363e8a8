import { queryOptions, useQuery } from '@tanstack/react-query';
import { handleError } from '@/lib/errors';
import { invokeFunction } from '@/lib/invoke-function';
import { supabase } from '@/lib/supabase';
import type { Plan, Studio } from '@/domains/credits/types';

export interface CreditPack {
  id: string;
  name: string;
  credits: number;
  price_cents: number;
}

export interface BillingPlan {
  id: Exclude<Plan, 'trial'>;
  name: string;
  price_cents: number;
  credits: number;
  popular: boolean;
  features: string[];
}

export interface BillingOverview {
  plan: Plan;
  balance: number;
  credits_owed: number;
  period_start: string;
  credits_used: number;
  credits_received: number;
  subscription: {
    id: string;
    plan: Exclude<Plan, 'trial'>;
    status: string;
    current_period_end: string | null;
    cancel_at_period_end: boolean;
  } | null;
}

export interface Payment {
  id: number;
  kind: 'pack' | 'plan';
  product: string;
  description: string;
  credits: number;
  amount_cents: number;
  currency: string;
  amount_refunded_cents: number;
  credits_clawed_back: number;
  checkout_session_id: string | null;
  receipt_url: string | null;
  created_at: string;
}

export type LedgerReason = 'signup_grant' | 'job_debit' | 'job_refund' | 'purchase' | 'plan_grant' | 'refund_clawback' | 'dispute_clawback' | 'adjustment' | 'account_closed';

export interface LedgerRow {
  id: number;
  delta: number;
  reason: LedgerReason;
  studio: Studio | null;
  job_id: string | null;
  balance_after: number;
  created_at: string;
}

/** The credit history's "Kind" filter: groups of ledger reasons. */
export const LEDGER_KINDS = {
  all: { label: 'Everything', reasons: null },
  received: { label: 'Credits received', reasons: ['signup_grant', 'purchase', 'plan_grant'] },
  spent: { label: 'Generations', reasons: ['job_debit'] },
  refunded: { label: 'Refunds for failed generations', reasons: ['job_refund'] },
  clawback: { label: 'Payments refunded or disputed', reasons: ['refund_clawback', 'dispute_clawback'] },
  other: { label: 'Adjustments', reasons: ['adjustment', 'account_closed'] },
} as const satisfies Record<string, { label: string; reasons: readonly LedgerReason[] | null }>;
export type LedgerKind = keyof typeof LEDGER_KINDS;

export interface LedgerFilter {
  kind: LedgerKind;
  studio: Studio | 'all';
}

export const LEDGER_PAGE = 25;

export const billingKeys = {
  all: ['billing'] as const,
  packs: () => [...billingKeys.all, 'packs'] as const,
  plans: () => [...billingKeys.all, 'plans'] as const,
  overview: () => [...billingKeys.all, 'overview'] as const,
  payments: () => [...billingKeys.all, 'payments'] as const,
  ledger: (filter: LedgerFilter, limit: number) => [...billingKeys.all, 'ledger', filter, limit] as const,
};

async function getCreditPacks(): Promise<CreditPack[]> {
  const { data, error } = await supabase().from('credit_packs').select('id, name, credits, price_cents').order('sort_order');
  if (error) handleError(error);
  return data ?? [];
}

async function getPlans(): Promise<BillingPlan[]> {
  const { data, error } = await supabase().from('pricing_plans').select('id, name, price_cents, credits, popular, features').order('sort_order');
  if (error) handleError(error);
  return (data ?? []) as BillingPlan[];
}

async function getOverview(): Promise<BillingOverview> {
  const { data, error } = await supabase().rpc('billing_overview');
  if (error) handleError(error, 'Could not load your billing details');
  return data as unknown as BillingOverview;
}

async function getPayments(): Promise<Payment[]> {
  const { data, error } = await supabase()
    .from('billing_payments')
    .select('id, kind, product, description, credits, amount_cents, currency, amount_refunded_cents, credits_clawed_back, checkout_session_id, receipt_url, created_at')
    .order('created_at', { ascending: false })
    .limit(100);
  if (error) handleError(error);
  return (data ?? []) as Payment[];
}

/** The newest `limit` ledger rows matching the filter (RLS: the caller's own). */
export async function getLedger(filter: LedgerFilter, limit: number): Promise<LedgerRow[]> {
  let query = supabase().from('credit_ledger').select('id, delta, reason, studio, job_id, balance_after, created_at');
  const reasons = LEDGER_KINDS[filter.kind].reasons;
  if (reasons) query = query.in('reason', reasons);
  if (filter.studio !== 'all') query = query.eq('studio', filter.studio);
  const { data, error } = await query.order('id', { ascending: false }).limit(limit);
  if (error) handleError(error, 'Could not load your credit history');
  return (data ?? []) as LedgerRow[];
}

/** Packs and plans change only with a migration. */
export const creditPacksQuery = () => queryOptions({ queryKey: billingKeys.packs(), queryFn: getCreditPacks, staleTime: Infinity });
export const billingPlansQuery = () => queryOptions({ queryKey: billingKeys.plans(), queryFn: getPlans, staleTime: Infinity });
export const billingOverviewQuery = () => queryOptions({ queryKey: billingKeys.overview(), queryFn: getOverview, staleTime: 10_000 });
export const paymentsQuery = () => queryOptions({ queryKey: billingKeys.payments(), queryFn: getPayments, staleTime: 10_000 });

export const useCreditPacks = () => useQuery(creditPacksQuery());
export const useBillingPlans = () => useQuery(billingPlansQuery());
export const useBillingOverview = () => useQuery(billingOverviewQuery());
export const usePayments = () => useQuery(paymentsQuery());
export const useLedger = (filter: LedgerFilter, limit: number) =>
  useQuery({ queryKey: billingKeys.ledger(filter, limit), queryFn: () => getLedger(filter, limit), placeholderData: (previous) => previous });

const CHECKOUT_FAILED = 'Could not open the checkout. Please try again.';

/** Starts Stripe Checkout for a pack or a plan and leaves for it. The amount is the server's. */
export async function startCheckout(choice: { pack_id: string } | { plan_id: string }, returnPath: string): Promise<void> {
  const { url } = await invokeFunction<{ url: string }>('create-checkout-session', { ...choice, return_path: returnPath }, CHECKOUT_FAILED);
  window.location.assign(url);
}

/** Opens Stripe's customer portal (plan, card, invoices). */
export async function openPortal(returnPath: string): Promise<void> {
  const { url } = await invokeFunction<{ url: string }>('create-portal-session', { return_path: returnPath }, 'Could not open the billing portal. Please try again.');
  window.location.assign(url);
}
