import { queryOptions, useQuery } from '@tanstack/react-query';
import { handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { CreditSummary, StudioPrice } from './types';

/** Query keys for everything credits; invalidate `creditKeys.all` after a job starts or ends. */
export const creditKeys = {
  all: ['credits'] as const,
  summary: () => [...creditKeys.all, 'summary'] as const,
  prices: () => [...creditKeys.all, 'prices'] as const,
};

export async function getCreditSummary(): Promise<CreditSummary> {
  const { data, error } = await supabase().rpc('credit_summary');
  if (error) handleError(error, 'Failed to fetch user profile');
  return data as unknown as CreditSummary;
}

export async function getStudioPrices(): Promise<StudioPrice[]> {
  const { data, error } = await supabase().from('studio_prices').select('studio, preset, credits, label').order('studio').order('preset');
  if (error) handleError(error);
  return (data ?? []) as StudioPrice[];
}

export const creditSummaryQuery = () => queryOptions({ queryKey: creditKeys.summary(), queryFn: getCreditSummary, staleTime: 15_000 });

/** Prices change only with a migration: cache them for the session. */
export const studioPricesQuery = () => queryOptions({ queryKey: creditKeys.prices(), queryFn: getStudioPrices, staleTime: Infinity });

export function useCreditSummary(options: { enabled?: boolean } = {}) {
  return useQuery({ ...creditSummaryQuery(), enabled: options.enabled ?? true });
}

export function useStudioPrices() {
  return useQuery(studioPricesQuery());
}
