import { Check, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { pricingFeatures } from '@/domains/credits/plan-studios';
import { QueryScope } from '@/lib/query-scope';
import { cn } from '@/lib/utils';
import { usePricingPlans, type LandingPlan } from '../api/get-pricing-plans';
import { formatMonthlyPrice } from '@/lib/format-price';
import { PricingPlaceholder } from './lazy-placeholders';

function PlanCard({ plan, ctaTo }: { plan: LandingPlan; ctaTo: string }) {
  return (
    <li
      data-testid="pricing-plan"
      className={cn(
        'relative flex flex-col gap-6 rounded-2xl border bg-card p-7 shadow-xs',
        plan.popular && 'border-primary shadow-xl shadow-primary/10 ring-1 ring-primary lg:-my-3 lg:py-10',
      )}
    >
      {plan.popular && (
        <p className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-primary px-3 py-1 text-xs font-semibold whitespace-nowrap text-primary-foreground shadow">
          <Sparkles className="size-3.5" aria-hidden /> Most Popular Choice
        </p>
      )}
      <div>
        <h3 className="text-lg font-semibold">{plan.name}</h3>
        <p className="mt-4 flex items-baseline gap-1">
          <span className="text-5xl font-semibold tracking-tight">{formatMonthlyPrice(plan.priceCents)}</span>
          <span className="text-muted-foreground">/month</span>
        </p>
        <p className="mt-2 text-sm font-medium text-primary">{plan.credits.toLocaleString('en-US')} credits</p>
      </div>
      <ul className="flex flex-1 flex-col gap-3 text-sm">
        {pricingFeatures(plan.id, plan.features).map((f) => (
          <li key={f} className="flex gap-2.5">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden /> {f}
          </li>
        ))}
      </ul>
      <Button asChild size="lg" variant={plan.popular ? 'default' : 'outline'}>
        <Link to={ctaTo} aria-label={`Choose ${plan.name}`}>
          Get Started
        </Link>
      </Button>
    </li>
  );
}

/** The three plans from `pricing_plans`. Default export: loaded with supabase-js near the section. */
function PlanList({ ctaFor }: { ctaFor: (planId: string) => string }) {
  const { data, isPending, isError, refetch } = usePricingPlans();
  if (isPending) return <PricingPlaceholder />;
  if (isError) {
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-2xl border p-8 text-center">
        <p className="text-sm text-muted-foreground">We couldn&apos;t load the plans just now.</p>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid items-stretch gap-6 lg:grid-cols-3">
      {data.map((plan) => (
        <PlanCard key={plan.id} plan={plan} ctaTo={ctaFor(plan.id)} />
      ))}
    </ul>
  );
}

/** Default export, the lazily loaded section: it brings the data cache with it. */
export default function PricingPlans({ ctaFor }: { ctaFor: (planId: string) => string }) {
  return (
    <QueryScope>
      <PlanList ctaFor={ctaFor} />
    </QueryScope>
  );
}
