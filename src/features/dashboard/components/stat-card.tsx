import type { LucideIcon } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

interface StatCardProps {
  label: string;
  value: number | undefined;
  icon: LucideIcon;
  hint?: string;
  tone?: string;
}

const numberFormat = new Intl.NumberFormat('en-US');

/** One figure of the Generation Overview; a same-sized skeleton while it loads. */
export function StatCard({ label, value, icon: Icon, hint, tone = 'bg-primary/10 text-primary' }: StatCardProps) {
  return (
    <div className="flex items-start justify-between gap-2 rounded-xl border bg-card p-4 shadow-xs sm:p-5">
      <dl className="flex min-w-0 flex-col gap-1">
        <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
        <dd className="text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl">
          {value === undefined ? <Skeleton className="mt-1 h-8 w-20" /> : numberFormat.format(value)}
        </dd>
        {hint && <dd className="hidden text-xs text-muted-foreground sm:block">{hint}</dd>}
      </dl>
      <span aria-hidden className={cn('grid size-8 shrink-0 place-items-center rounded-lg sm:size-10', tone)}>
        <Icon className="size-4 sm:size-5" />
      </span>
    </div>
  );
}
