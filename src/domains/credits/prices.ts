import { countOf } from '@/lib/format';
import type { CreditSummary, Studio, StudioPrice } from './types';

/**
 * The price of a studio run: the preset's own row when it has one (AI Upscaling costs 3), else
 * the studio's default. Undefined for an unknown studio: such a run is not allowed (docs/spec.md §5).
 */
export function priceOf(prices: readonly StudioPrice[], studio: Studio, preset = 'default'): number | undefined {
  const exact = prices.find((p) => p.studio === studio && p.preset === preset);
  return (exact ?? prices.find((p) => p.studio === studio && p.preset === 'default'))?.credits;
}

/** Whether the balance covers a run. The server decides for real (start_job); this drives the UI. */
export function canAfford(summary: Pick<CreditSummary, 'total_credits'> | null | undefined, cost: number | undefined): boolean {
  return summary != null && cost !== undefined && summary.total_credits >= cost;
}

/** '1 credit' / 'N credits' as the studios' badges read. */
export function formatCredits(credits: number): string {
  return countOf(credits, 'credit', 'credits');
}
