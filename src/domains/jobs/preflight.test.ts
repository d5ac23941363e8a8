import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreditSummary } from '@/domains/credits/types';
import { refusedByPlan } from './preflight';

const summaryOn = (plan: CreditSummary['subscription_plan']) => ({ subscription_plan: plan, total_credits: 500 }) as CreditSummary;

afterEach(() => vi.restoreAllMocks());

describe('refusedByPlan (every studio screen asks it before a run)', () => {
  it('refuses UGC on Professional with "Upgrade to Enterprise" and an Upgrade button to billing', () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 1);
    const navigate = vi.fn();
    expect(refusedByPlan(summaryOn('professional'), 'ugc', navigate)).toBe(true);
    const [title, options] = error.mock.calls[0]!;
    expect(title).toBe('Upgrade to Enterprise');
    expect(options).toMatchObject({ description: 'UGC Video Creator is part of the Enterprise plan. Upgrade to use it.', action: { label: 'Upgrade' } });
    (options!.action as unknown as { onClick: () => void }).onClick();
    expect(navigate).toHaveBeenCalledWith('/billing?plan=enterprise');
  });

  it('lets a trial try every studio and says nothing while the plan is unknown', () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 1);
    expect(refusedByPlan(summaryOn('trial'), 'competitor_ad', vi.fn())).toBe(false);
    expect(refusedByPlan(undefined, 'ugc', vi.fn())).toBe(false);
    expect(error).not.toHaveBeenCalled();
  });
});
