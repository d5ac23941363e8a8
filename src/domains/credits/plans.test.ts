import { describe, expect, it } from 'vitest';
import { canGenerate } from './can-generate';
import { includesSocialAnalytics, monthlyCredits } from './plans';
import type { CreditSummary, PlanCredits, StudioPrice } from './types';

const plans: PlanCredits[] = [
  { id: 'starter', name: 'Starter', credits: 199 },
  { id: 'professional', name: 'Professional', credits: 300 },
];

describe('monthlyCredits', () => {
  it('reads paid plans from pricing_plans and counts the trial against its 5 credits', () => {
    expect(monthlyCredits('professional', plans)).toBe(300);
    expect(monthlyCredits('trial', plans)).toBe(5);
    expect(monthlyCredits('enterprise', plans)).toBeUndefined();
  });
});

it('includes Social Analytics only from the Professional plan up', () => {
  expect(['trial', 'starter', 'professional', 'enterprise'].map((p) => includesSocialAnalytics(p as never))).toEqual([false, false, true, true]);
});

describe('canGenerate', () => {
  const prices: StudioPrice[] = [
    { studio: 'refine_image', preset: 'default', credits: 2, label: 'Refine Image' },
    { studio: 'refine_image', preset: 'upscale', credits: 3, label: 'AI Upscaling' },
  ];
  const summary = { total_credits: 2, can_use_refine_image: true } as CreditSummary;

  it('needs the balance to cover the preset price, not just the studio default', () => {
    expect(canGenerate(summary, prices, 'refine_image')).toBe(true);
    expect(canGenerate(summary, prices, 'refine_image', 'upscale')).toBe(false);
  });

  it('refuses a studio without a price, a missing summary or a false flag', () => {
    expect(canGenerate(summary, prices, 'ugc')).toBe(false);
    expect(canGenerate(null, prices, 'refine_image')).toBe(false);
    expect(canGenerate({ ...summary, can_use_refine_image: false }, prices, 'refine_image')).toBe(false);
  });
});
