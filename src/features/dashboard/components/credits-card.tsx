import { Zap } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageSection } from '@/components/layout/page-section';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { usePlanCredits } from '@/domains/credits/api';
import { monthlyCredits, PLAN_LABELS } from '@/domains/credits/plans';
import type { Plan } from '@/domains/credits/types';
import { useCredits } from '@/domains/credits/use-credits';

/**
 * The balance, and what the plan gives beside it. The balance can exceed the plan's monthly
 * credits (packs, credits carried over), so the two are never written as "N of M".
 */
export function balanceLine(balance: number, plan: Plan, allowance: number): string {
  const left = `${balance.toLocaleString('en-US')} ${balance === 1 ? 'credit' : 'credits'} left`;
  const given = plan === 'trial' ? `${allowance.toLocaleString('en-US')} free credits with the trial` : `${allowance.toLocaleString('en-US')} monthly credits with ${PLAN_LABELS[plan]}`;
  return `${left} · ${given}`;
}

/** Balance beside the plan's monthly credits, with the way to top up. */
export function CreditsCard() {
  const { summary } = useCredits();
  const plan = summary?.subscription_plan;
  const { data: plans } = usePlanCredits({ enabled: !!plan && plan !== 'trial' });
  const allowance = plan ? monthlyCredits(plan, plans) : undefined;
  const balance = summary?.total_credits ?? 0;
  const percent = allowance ? Math.min(100, Math.round((balance / allowance) * 100)) : 0;

  return (
    <PageSection id="credits-card" title="Your Credits">
      <div className="flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-xs">
        <div className="flex items-center justify-between gap-3">
          <div className="flex flex-col gap-1">
            <span className="text-sm text-muted-foreground">{plan ? `${PLAN_LABELS[plan]} plan` : <Skeleton className="h-4 w-24" />}</span>
            <span className="text-3xl font-semibold tabular-nums">{summary === undefined ? <Skeleton className="h-8 w-16" /> : balance.toLocaleString('en-US')}</span>
          </div>
          <span aria-hidden className="grid size-10 place-items-center rounded-lg bg-highlight/20 text-highlight-foreground dark:text-highlight">
            <Zap className="size-5" />
          </span>
        </div>
        <div className="flex flex-col gap-1.5">
          <Progress value={percent} aria-label="Credits left, against the plan's monthly credits" aria-describedby="credits-card-line" />
          <span id="credits-card-line" className="text-xs text-muted-foreground">
            {allowance && plan ? balanceLine(balance, plan, allowance) : ' '}
          </span>
        </div>
        <Button asChild variant="outline">
          <Link to={paths.dashboard.creditPacks}>Buy Credit Packs</Link>
        </Button>
      </div>
    </PageSection>
  );
}
