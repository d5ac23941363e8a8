import { ArrowRight, Zap } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageSection } from '@/components/layout/page-section';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCredits } from '@/domains/credits/prices';
import { useCredits } from '@/domains/credits/use-credits';
import { cn } from '@/lib/utils';
import { NAV_STUDIOS, TIER_LABELS } from '../nav-items';

/** The Feature Overview: one clickable card per studio with its cost from studio_prices. */
export function FeatureOverview() {
  const { priceOf, prices } = useCredits();
  return (
    <PageSection id="feature-overview" title="Feature Overview">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
        {NAV_STUDIOS.map(({ label, to, icon: Icon, studio, tier, description }, index) => {
          const price = priceOf(studio);
          return (
            <li key={studio} className={cn(index < 3 ? 'lg:col-span-2' : 'lg:col-span-3', index === 4 && 'sm:col-span-2 lg:col-span-3')}>
              <Link
                to={to}
                className="group flex h-full flex-col gap-4 rounded-xl border bg-card p-5 shadow-xs transition-all hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                <div className="flex items-start justify-between gap-3">
                  <span aria-hidden className="grid size-10 place-items-center rounded-lg bg-primary/10 text-primary transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
                    <Icon className="size-5" />
                  </span>
                  {price !== undefined ? (
                    <Badge variant="credit">
                      <Zap aria-hidden />
                      {formatCredits(price)}
                    </Badge>
                  ) : (
                    !prices && <Skeleton className="h-5 w-16 rounded-full" />
                  )}
                </div>
                <div className="flex flex-1 flex-col gap-1">
                  <h3 className="font-semibold">{label}</h3>
                  <p className="text-sm text-muted-foreground">{description}</p>
                </div>
                <div className="flex items-center justify-between text-xs">
                  <span className="font-semibold tracking-wide text-muted-foreground uppercase">{TIER_LABELS[tier]}</span>
                  <span className="inline-flex items-center gap-1 font-medium text-primary">
                    Open <ArrowRight aria-hidden className="size-3.5 transition-transform group-hover:translate-x-0.5" />
                  </span>
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
    </PageSection>
  );
}
