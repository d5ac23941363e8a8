import { Lock, Zap } from 'lucide-react';
import { useId } from 'react';
import { NavLink } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useCredits } from '@/domains/credits/use-credits';
import { planIncludes } from '@/domains/credits/plan-studios';
import { formatCredits } from '@/domains/credits/prices';
import { cn } from '@/lib/utils';
import { TIER_LABELS, type StudioNavItem, type Tier } from '../nav-items';
import { navLinkClass } from './nav-link-class';

const TIER_STYLES: Record<Tier, string> = {
  starter: 'text-muted-foreground',
  pro: 'text-primary',
  enterprise: 'text-highlight-foreground dark:text-highlight',
};

/**
 * A studio entry: its name, tier label (the lowest plan that includes it) and price from
 * studio_prices. A studio the user's plan leaves out shows a lock; the link still opens the studio,
 * which explains the plan and the way to upgrade.
 */
export function StudioNavLink({ item, onNavigate }: { item: StudioNavItem; onNavigate?: () => void }) {
  const { label, to, icon: Icon, studio, tier } = item;
  const { priceOf, prices, summary } = useCredits();
  const price = priceOf(studio);
  // While the plan is loading, no lock flashes.
  const locked = !!summary && !planIncludes(summary.subscription_plan, studio);
  const metaId = useId();
  return (
    <NavLink to={to} onClick={onNavigate} aria-describedby={metaId} className={({ isActive }) => navLinkClass(isActive)}>
      <Icon className="size-4 shrink-0" aria-hidden />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="truncate">{label}</span>
        {/* Tier and price describe the link (aria-describedby); its name is the studio's name alone. */}
        <span id={metaId} aria-hidden className="flex items-center gap-1.5 text-[11px] leading-none font-normal">
          {locked && <Lock data-testid="studio-locked" className="size-3 shrink-0 text-muted-foreground" aria-hidden />}
          <span className={cn('font-semibold tracking-wide uppercase', TIER_STYLES[tier])}>
            {TIER_LABELS[tier]}
            {locked && <span className="sr-only">{' plan, not in yours,'}</span>}
          </span>
          {price !== undefined ? (
            <Badge variant="credit" className="ml-auto px-1.5 py-0 text-[10px]">
              <Zap aria-hidden />
              {formatCredits(price)}
            </Badge>
          ) : (
            !prices && <Skeleton className="ml-auto h-3.5 w-14 rounded-full" />
          )}
        </span>
      </span>
    </NavLink>
  );
}
