import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { claimCreditWarning } from '@/domains/credits/api';
import { PLAN_LABELS } from '@/domains/credits/plans';
import { formatCredits } from '@/domains/credits/prices';
import type { CreditSummary, CreditWarning } from '@/domains/credits/types';
import { logError } from '@/lib/logger';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric' });

/** What a warning says: the figures of the period, and what to do. */
export function creditWarningText(warning: CreditWarning): { level: 'warning' | 'error'; title: string; description: string } {
  const { balance, allowance, used, cheapest, period_end: end } = warning;
  const plan = `${PLAN_LABELS[warning.plan]} plan's`;
  const renews = end ? ` It renews on ${day(end)}.` : '';
  const keepGoing = 'Buy a credit pack or upgrade your plan to keep generating.';
  if (warning.threshold === '80' && allowance !== null) {
    return { level: 'warning', title: 'Credits running low', description: `You've used ${formatCredits(used)} of your ${plan} ${formatCredits(allowance)} this period (80%); ${formatCredits(balance)} left.${renews}` };
  }
  if (warning.threshold === '100' && allowance !== null) {
    const left = balance > 0 ? ` ${formatCredits(balance)} left from credit packs.` : '';
    return { level: balance > 0 ? 'warning' : 'error', title: "You've used this period's credits", description: `All of your ${plan} ${formatCredits(allowance)} are used.${left}${renews} ${keepGoing}` };
  }
  if (balance <= 0) return { level: 'error', title: "You're out of credits", description: keepGoing };
  return {
    level: 'warning',
    title: 'Not enough credits for another run',
    description: `${formatCredits(balance)} left; the cheapest run costs ${formatCredits(cheapest ?? 0)}. ${keepGoing}`,
  };
}

/**
 * Warns, as the peers do, at 80% and at 100% of the period's plan credits used, and when the
 * balance cannot pay for the cheapest run (the trial, packs only): each once per threshold and
 * period, on every device — the server claims a warning when it finds it due (credit_warning()).
 * Asked again whenever the balance changes.
 */
export function useLowBalanceWarning(userId: string | undefined, summary: CreditSummary | null | undefined) {
  const navigate = useNavigate();
  const balance = summary?.total_credits;

  useEffect(() => {
    if (!userId || balance === undefined) return;
    // Shown even if the balance changes meanwhile: the server has already recorded it as shown.
    claimCreditWarning()
      .then((warning) => {
        if (!warning) return;
        const { level, title, description } = creditWarningText(warning);
        const action = { label: 'Credit Packs', onClick: () => navigate(paths.dashboard.creditPacks) };
        (level === 'error' ? toast.error : toast.warning)(title, { description, action });
      })
      .catch((error: unknown) => logError('Could not check for a low-credit warning', { severity: 'medium', category: 'billing', error }));
  }, [userId, balance, navigate]);
}
