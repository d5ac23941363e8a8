import { canAfford, priceOf } from './prices';
import type { CreditSummary, Studio, StudioPrice } from './types';

const FLAG: Record<Studio, keyof CreditSummary> = {
  lightbox: 'can_use_lightbox',
  refine_image: 'can_use_refine_image',
  spin360: 'can_use_spin360',
  ugc: 'can_use_ugc',
  competitor_ad: 'can_use_competitor_ad',
};

/**
 * Whether the UI should let a run start: the summary's can_use flag for the studio and a balance
 * that covers the preset's price from studio_prices (AI Upscaling costs more than the default).
 * An unknown studio or price is never allowed (docs/spec.md §5). start_job() decides for real.
 */
export function canGenerate(
  summary: CreditSummary | null | undefined,
  prices: readonly StudioPrice[] | undefined,
  studio: Studio,
  preset?: string,
): boolean {
  if (!summary || !prices || !(studio in FLAG)) return false;
  return summary[FLAG[studio]] === true && canAfford(summary, priceOf(prices, studio, preset));
}
