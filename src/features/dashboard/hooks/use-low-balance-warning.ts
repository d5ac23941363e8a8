import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { usePlanCredits } from '@/lib/credits/api';
import { balanceLevel, monthlyCredits, PLAN_LABELS } from '@/lib/credits/plans';
import { formatCredits } from '@/lib/credits/prices';
import type { CreditSummary } from '@/lib/credits/types';

const shownKey = (userId: string, level: string) => `shotcraft:credit-warning:${userId}:${level}`;

/** Each warning once per browser session and user, so navigating around does not repeat it. */
function firstTimeThisSession(key: string): boolean {
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, '1');
  } catch {
    // Storage blocked (private mode): warning again later is better than never warning.
  }
  return true;
}

/**
 * Toasts when the balance falls under 20% of the plan's monthly credits (pricing_plans; the trial
 * counts against its 5) and when it reaches 0 — as the peers warn at 80% and 100% of usage.
 */
export function useLowBalanceWarning(userId: string | undefined, summary: CreditSummary | null | undefined) {
  const navigate = useNavigate();
  const plan = summary?.subscription_plan;
  const { data: plans } = usePlanCredits({ enabled: !!plan && plan !== 'trial' });
  const allowance = plan ? monthlyCredits(plan, plans) : undefined;
  const balance = summary?.total_credits;
  const level = balance === undefined ? 'ok' : balanceLevel(balance, allowance);

  useEffect(() => {
    if (!userId || !plan || balance === undefined || level === 'ok') return;
    if (!firstTimeThisSession(shownKey(userId, level))) return;
    const action = { label: 'Credit Packs', onClick: () => navigate(paths.dashboard.creditPacks) };
    if (level === 'empty') {
      toast.error("You're out of credits", { description: 'Buy a credit pack or upgrade your plan to keep generating.', action });
    } else {
      toast.warning('Credits running low', {
        description: `${formatCredits(balance)} left — under 20% of your ${PLAN_LABELS[plan]} plan's ${formatCredits(allowance ?? 0)}.`,
        action,
      });
    }
  }, [userId, plan, balance, level, allowance, navigate]);
}
