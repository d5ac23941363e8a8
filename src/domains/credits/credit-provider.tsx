import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { creditSummaryQuery, invalidateCredits, studioPricesQuery } from './api';
import { canGenerate } from './can-generate';
import { priceOf } from './prices';
import type { Studio } from './types';
import { CreditsContext, type CreditsContextValue } from './use-credits';

/**
 * One credit summary (credit_summary()) and one price list (studio_prices) for everything below
 * it. `enabled` is false while signed out: nothing is fetched and the summary stays undefined.
 */
export function CreditProvider({ enabled = true, children }: { enabled?: boolean; children: ReactNode }) {
  const queryClient = useQueryClient();
  // A failed read shows 'No credits' in the badge instead of tearing the shell down.
  const summaryQuery = useQuery({ ...creditSummaryQuery(), enabled, throwOnError: false });
  const pricesQuery = useQuery({ ...studioPricesQuery(), throwOnError: false });
  const prices = pricesQuery.data;
  const summary = summaryQuery.isError && summaryQuery.data === undefined ? null : summaryQuery.data;

  const refresh = useCallback(() => invalidateCredits(queryClient), [queryClient]);

  const value = useMemo<CreditsContextValue>(
    () => ({
      summary,
      prices,
      isLoading: enabled && summaryQuery.isPending,
      priceOf: (studio: Studio, preset?: string) => (prices ? priceOf(prices, studio, preset) : undefined),
      canGenerate: (studio: Studio, preset?: string) => canGenerate(summary, prices, studio, preset),
      refresh,
    }),
    [summary, prices, enabled, summaryQuery.isPending, refresh],
  );

  return <CreditsContext.Provider value={value}>{children}</CreditsContext.Provider>;
}
