import type { Plan, PlanCredits } from './types';

/** Plan names as the UI shows them (docs/spec.md §6: plans are shown as labels). */
export const PLAN_LABELS: Record<Plan, string> = {
  trial: 'Trial',
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
};

/** The free trial's grant (docs/architecture.md §7). It is a signup ledger grant, not a pricing_plans row. */
export const TRIAL_CREDITS = 5;

/** Plans that include Social Analytics; the server enforces the same rule with RLS. */
export function includesSocialAnalytics(plan: Plan | undefined): boolean {
  return plan === 'professional' || plan === 'enterprise';
}

/** The credits a plan grants per month, from pricing_plans; the trial counts against its 5. */
export function monthlyCredits(plan: Plan, plans: readonly PlanCredits[] | undefined): number | undefined {
  if (plan === 'trial') return TRIAL_CREDITS;
  return plans?.find((p) => p.id === plan)?.credits;
}
