import { queryOptions, useQuery } from '@tanstack/react-query';
import { handleError } from '@/lib/errors';
import { publicRest } from '@/lib/supabase-public';
import { landingKeys } from './keys';

/** docs/spec.md §3 "Pricing plan", landing shape. */
export interface LandingPlan {
  id: string;
  name: string;
  priceCents: number;
  credits: number;
  popular: boolean;
  features: string[];
}

/** The active plans, in their display order, from `pricing_plans` (readable by anyone). */
export async function getPricingPlans(): Promise<LandingPlan[]> {
  const { data, error } = await publicRest()
    .from('pricing_plans')
    .select('id, name, price_cents, credits, popular, features')
    .eq('is_active', true)
    .order('sort_order');
  if (error) handleError(error);
  return (data ?? []).map((p) => ({ id: p.id, name: p.name, priceCents: p.price_cents, credits: p.credits, popular: p.popular, features: p.features }));
}

/** Plans change only with a migration: cache them for the visit. */
export const pricingPlansQuery = () => queryOptions({ queryKey: landingKeys.pricingPlans(), queryFn: getPricingPlans, staleTime: Infinity });

export function usePricingPlans() {
  // An error shows inside the pricing section, not the route's error boundary.
  return useQuery({ ...pricingPlansQuery(), throwOnError: false });
}
