import { Zap } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { PLAN_LABELS } from '@/domains/credits/plans';
import type { CreditSummary } from '@/domains/credits/types';
import { useCredits } from '@/domains/credits/use-credits';
import { cn } from '@/lib/utils';

/** The three studios the badge's tooltip reports on (docs/spec.md §2 credit badge). */
const USAGE_ROWS = [
  { label: 'Lightbox', used: 'lightbox_credits_used', can: 'can_use_lightbox' },
  { label: 'UGC', used: 'ugc_credits_used', can: 'can_use_ugc' },
  { label: '360°', used: 'spin360_credits_used', can: 'can_use_spin360' },
] as const satisfies readonly { label: string; used: keyof CreditSummary; can: keyof CreditSummary }[];

function CreditUsage({ summary }: { summary: CreditSummary }) {
  return (
    <div className="flex min-w-52 flex-col gap-2 py-1">
      <p className="font-semibold">Credit usage</p>
      <ul className="flex flex-col gap-1.5">
        {USAGE_ROWS.map(({ label, used, can }) => (
          <li key={label} className="flex items-center justify-between gap-4">
            <span>
              {label}: {summary[used]} used
            </span>
            <span
              className={cn(
                'rounded-full px-1.5 py-px text-[10px] font-semibold',
                summary[can] ? 'bg-success/25 text-success' : 'bg-destructive/25 text-destructive',
              )}
            >
              {summary[can] ? 'Available' : 'Unavailable'}
            </span>
          </li>
        ))}
      </ul>
      {summary.subscription_plan === 'trial' && <p className="border-t border-background/20 pt-2 font-medium">Trial plan - Upgrade for full access</p>}
    </div>
  );
}

/**
 * Total credits and plan, with the usage tooltip; a link to the credit packs. States: 'Loading...'
 * while the summary loads and 'No credits' when the balance is 0 or could not be read.
 */
export function CreditBadge({ className }: { className?: string }) {
  const { summary, isLoading } = useCredits();
  const chip = 'h-9 gap-1.5 rounded-full px-2.5 text-sm sm:px-3';

  if (isLoading || summary === undefined) {
    return (
      <Badge variant="secondary" role="status" className={cn(chip, className)}>
        <Zap aria-hidden className="size-4! opacity-60" />
        Loading...
      </Badge>
    );
  }

  const empty = !summary || summary.total_credits <= 0;
  const trigger = (
    <Link
      to={paths.dashboard.creditPacks}
      className={cn(
        'inline-flex items-center border font-medium transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
        chip,
        empty ? 'border-destructive/30 bg-destructive/10 text-destructive hover:bg-destructive/15' : 'border-transparent bg-highlight/20 text-highlight-foreground hover:bg-highlight/30 dark:text-highlight',
        className,
      )}
    >
      <Zap aria-hidden className="size-4 shrink-0" />
      {empty ? (
        <span>No credits</span>
      ) : (
        <span className="tabular-nums">
          {summary.total_credits.toLocaleString('en-US')} <span className="max-sm:sr-only">{summary.total_credits === 1 ? 'credit' : 'credits'}</span>
        </span>
      )}
      {/* The name is what the chip shows ('4 credits, Trial plan'): the comma and 'plan' are for screen readers only. */}
      {summary && (
        <span className="sr-only sm:not-sr-only sm:border-l sm:border-current/25 sm:pl-1.5 sm:text-xs sm:font-normal">
          <span className="sr-only">,</span> {PLAN_LABELS[summary.subscription_plan]} <span className="sr-only">plan</span>
        </span>
      )}
    </Link>
  );

  if (!summary) return trigger;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{trigger}</TooltipTrigger>
      <TooltipContent align="end">
        <CreditUsage summary={summary} />
      </TooltipContent>
    </Tooltip>
  );
}
