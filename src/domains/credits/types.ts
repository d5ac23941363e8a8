import type { StudioKey } from '@shotcraft/shared/jobs/contract.ts';

/** The studios, as studio_prices and start_job() name them (one list: the job contract's). */
export type Studio = StudioKey;

export interface StudioPrice {
  studio: Studio;
  preset: string;
  credits: number;
  label: string;
}

export type Plan = 'trial' | 'starter' | 'professional' | 'enterprise';

/** docs/spec.md §3 credit summary, as credit_summary() returns it. */
export interface CreditSummary {
  total_credits: number;
  lightbox_credits_used: number;
  ugc_credits_used: number;
  spin360_credits_used: number;
  refine_image_credits_used: number;
  competitor_ad_credits_used: number;
  subscription_plan: Plan;
  subscription_status: 'active';
  can_use_lightbox: boolean;
  can_use_ugc: boolean;
  can_use_spin360: boolean;
  can_use_refine_image: boolean;
  can_use_competitor_ad: boolean;
}

/** The monthly credits of a plan (pricing_plans.credits; the trial's 5 free credits are not a row). */
export interface PlanCredits {
  id: Exclude<Plan, 'trial'>;
  name: string;
  credits: number;
}

/** A low-credit warning due now, as credit_warning() returns it (claimed: shown once per threshold and period). */
export interface CreditWarning {
  threshold: '80' | '100' | 'cannot_pay';
  plan: Plan;
  balance: number;
  /** The plan's credits for the period; null for the trial and accounts without a plan. */
  allowance: number | null;
  used: number;
  /** The price of the cheapest run the plan includes. */
  cheapest: number | null;
  period_end: string | null;
}
