import type { Plan, Studio } from './types';

/**
 * Which plan includes which studio — the database's `plan_studios` table, mirrored for the screens
 * (tests compare the two: tests/data/plan-studios.test.ts against the database, and
 * plan-studios.test.ts against the migration). start_job() enforces the table; this copy only
 * decides what the sidebar, pricing, studio pages and How it works say.
 *
 * The rule (issue 33 #1): Lightbox on every plan; Refine Image and 360° Videos on Professional and
 * Enterprise; UGC Video Creator and Competitor Ad Analyzer on Enterprise. A trial account may try
 * every studio: a trial exists to show what each studio makes, and its free credits bound it.
 */
export const PLAN_STUDIOS: Readonly<Record<Plan, readonly Studio[]>> = {
  trial: ['lightbox', 'refine_image', 'spin360', 'ugc', 'competitor_ad'],
  starter: ['lightbox'],
  professional: ['lightbox', 'refine_image', 'spin360'],
  enterprise: ['lightbox', 'refine_image', 'spin360', 'ugc', 'competitor_ad'],
};

/** The paid plans in their pricing order (pricing_plans.sort_order). */
export const PAID_PLANS = ['starter', 'professional', 'enterprise'] as const satisfies readonly Plan[];
export type PaidPlan = (typeof PAID_PLANS)[number];

/** The studios' names (studio_prices' default labels), in the sidebar's order. */
export const STUDIO_NAMES: Readonly<Record<Studio, string>> = {
  lightbox: 'Lightbox',
  refine_image: 'Refine Image',
  spin360: '360° Videos',
  ugc: 'UGC Video Creator',
  competitor_ad: 'Competitor Ad Analyzer',
};

export const PAID_PLAN_NAMES: Readonly<Record<PaidPlan, string>> = { starter: 'Starter', professional: 'Professional', enterprise: 'Enterprise' };

export function planIncludes(plan: Plan | undefined, studio: Studio): boolean {
  return plan !== undefined && PLAN_STUDIOS[plan].includes(studio);
}

/** The lowest paid plan that includes a studio (studio_required_plan() in SQL). */
export function requiredPlan(studio: Studio): PaidPlan {
  return PAID_PLANS.find((plan) => PLAN_STUDIOS[plan].includes(studio)) ?? 'enterprise';
}

/** start_job's refusal, word for word: 'UGC Video Creator is part of the Enterprise plan. Upgrade to use it.' */
export function planRequiredMessage(studio: Studio): string {
  return `${STUDIO_NAMES[studio]} is part of the ${PAID_PLAN_NAMES[requiredPlan(studio)]} plan. Upgrade to use it.`;
}

const list = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/**
 * The studios line of a plan's pricing card: 'Lightbox studio', 'Lightbox, Refine Image and 360°
 * Videos studios', 'Every studio: …'. Pricing cards show it first, so they say what start_job does.
 */
export function planStudiosLine(plan: Plan): string {
  const studios = PLAN_STUDIOS[plan];
  const names = studios.map((s) => STUDIO_NAMES[s]);
  if (studios.length === Object.keys(STUDIO_NAMES).length) return `Every studio: ${list(names)}`;
  return `${list(names)} ${studios.length === 1 ? 'studio' : 'studios'}`;
}

/** A pricing card's list: the studios line from the table first, then the plan's other features (pricing_plans). */
export function pricingFeatures(planId: string, features: readonly string[]): string[] {
  const plan = PAID_PLANS.find((p) => p === planId);
  return plan ? [planStudiosLine(plan), ...features] : [...features];
}

/** Which paid plans include a studio, in words: 'Every plan', 'Professional and Enterprise', 'Enterprise'. */
export function studioPlans(studio: Studio): string {
  const plans = PAID_PLANS.filter((p) => PLAN_STUDIOS[p].includes(studio));
  return plans.length === PAID_PLANS.length ? 'Every plan' : list(plans.map((p) => PAID_PLAN_NAMES[p]));
}

/** What the free trial may do, from the table: 'A trial account may try every studio with its free credits.' */
export function trialStudiosLine(): string {
  const studios = PLAN_STUDIOS.trial;
  return studios.length === Object.keys(STUDIO_NAMES).length
    ? 'A trial account may try every studio with its free credits.'
    : `A trial account may try ${list(studios.map((s) => STUDIO_NAMES[s]))} with its free credits.`;
}
