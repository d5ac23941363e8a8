import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { CreditSummary, CreditWarning, PlanCredits, StudioPrice } from './types';

/** Query keys for everything credits; invalidate `creditKeys.all` after a job starts or ends. */
export const creditKeys = {
  all: ['credits'] as const,
  summary: () => [...creditKeys.all, 'summary'] as const,
  prices: () => [...creditKeys.all, 'prices'] as const,
  plans: () => [...creditKeys.all, 'plans'] as const,
};

export async function getCreditSummary(): Promise<CreditSummary> {
  const { data, error } = await supabase().rpc('credit_summary');
  if (error) handleError(error, 'Failed to fetch user profile');
  return data as unknown as CreditSummary;
}

/** The low-credit warning due now, if any; the server records it as shown, so it comes once per threshold and period. */
export async function claimCreditWarning(): Promise<CreditWarning | null> {
  const { data, error } = await supabase().rpc('credit_warning');
  if (error) handleError(error);
  return (data ?? null) as unknown as CreditWarning | null;
}

export async function getStudioPrices(): Promise<StudioPrice[]> {
  const { data, error } = await supabase().from('studio_prices').select('studio, preset, credits, label').order('studio').order('preset');
  if (error) handleError(error);
  return (data ?? []) as StudioPrice[];
}

export async function getPlanCredits(): Promise<PlanCredits[]> {
  const { data, error } = await supabase().from('pricing_plans').select('id, name, credits').order('sort_order');
  if (error) handleError(error);
  return (data ?? []) as PlanCredits[];
}

export const creditSummaryQuery = () => queryOptions({ queryKey: creditKeys.summary(), queryFn: getCreditSummary, staleTime: 15_000 });

/** Prices change only with a migration: cache them for the session. */
export const studioPricesQuery = () => queryOptions({ queryKey: creditKeys.prices(), queryFn: getStudioPrices, staleTime: Infinity });

/** Plans, like prices, change only with a migration. */
export const planCreditsQuery = () => queryOptions({ queryKey: creditKeys.plans(), queryFn: getPlanCredits, staleTime: Infinity });

export function useCreditSummary(options: { enabled?: boolean } = {}) {
  return useQuery({ ...creditSummaryQuery(), enabled: options.enabled ?? true });
}

export function useStudioPrices() {
  return useQuery(studioPricesQuery());
}

export function usePlanCredits(options: { enabled?: boolean } = {}) {
  return useQuery({ ...planCreditsQuery(), enabled: options.enabled ?? true });
}

/**
 * Refetches the credit summary (balance, used counts, can_use flags). Call it after any job
 * starts, completes or fails; the server is the only writer of credits.
 */
export function invalidateCredits(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: creditKeys.summary() });
}

/**
 * start_job() answers with the new balance: show it at once, then refetch the rest of the
 * summary (used counts and flags) in the background.
 */
export function applyJobStarted(queryClient: QueryClient, started: { balance: number }): Promise<void> {
  queryClient.setQueryData<CreditSummary>(creditKeys.summary(), (old) => (old ? { ...old, total_credits: started.balance } : old));
  return invalidateCredits(queryClient);
}
