import { Check, Loader2, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { pricingFeatures } from '@/domains/credits/plan-studios';
import { toAppError } from '@/lib/errors';
import { formatPrice } from '@/lib/format-price';
import { cn } from '@/lib/utils';
import { openPortal, startCheckout, useBillingPlans, type BillingOverview } from '../api';
import { LoadError } from '@/components/errors/load-error';

/**
 * The three plans with a way to each: Subscribe (Stripe Checkout) without a plan, the billing
 * portal to change it with one. `highlight` marks the plan chosen on the pricing page; with
 * `checkout` (the landing's "Get Started", signed in) Checkout opens for it at once, when the user
 * has no plan yet and it is one of the plans.
 */
export function PlanPicker({ overview, returnPath, highlight, checkout = false }: { overview: BillingOverview | undefined; returnPath: string; highlight?: string | null; checkout?: boolean }) {
  const { data: plans, isPending, isError, refetch } = useBillingPlans();
  const [busy, setBusy] = useState<string | null>(null);
  const current = overview?.subscription?.plan;
  const started = useRef(false);

  const choose = async (planId: string) => {
    setBusy(planId);
    try {
      if (current) await openPortal(returnPath);
      else await startCheckout({ plan_id: planId }, `${returnPath}${returnPath.includes('?') ? '&' : '?'}bought=plan`);
    } catch (error) {
      toast.error(toAppError(error).message);
      setBusy(null);
    }
  };

  const straightTo = checkout && overview && !current && plans?.some((plan) => plan.id === highlight) ? highlight : null;
  useEffect(() => {
    if (!straightTo || started.current) return;
    started.current = true;
    void choose(straightTo);
    // choose is stable enough: it reads only what straightTo was derived from.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [straightTo]);

  if (isPending) return <p role="status" className="text-sm text-muted-foreground">Loading plans...</p>;
  if (isError) {
    return (
      <LoadError onRetry={refetch}>Couldn&apos;t load the plans.</LoadError>
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {plans.map((plan) => {
        const isCurrent = plan.id === current;
        // A plan set up without a subscription (nothing renews) is still the user's plan.
        const isTheirs = isCurrent || (!current && plan.id === overview?.plan);
        const chosen = highlight === plan.id && !current;
        return (
          <li key={plan.id} className={cn('flex flex-col gap-4 rounded-xl border bg-card p-5', (plan.popular || chosen) && 'border-primary ring-1 ring-primary')}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{plan.name}</h3>
              {isTheirs ? (
                <Badge variant="success">Your plan</Badge>
              ) : plan.popular ? (
                <Badge>
                  <Sparkles aria-hidden /> Most popular
                </Badge>
              ) : null}
            </div>
            <p className="flex items-baseline gap-1">
              <span className="text-3xl font-semibold tracking-tight">{formatPrice(plan.price_cents)}</span>
              <span className="text-sm text-muted-foreground">/month</span>
            </p>
            <ul className="flex flex-1 flex-col gap-2 text-sm">
              {pricingFeatures(plan.id, plan.features).map((f) => (
                <li key={f} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden /> {f}
                </li>
              ))}
            </ul>
            {chosen && (
              <p role={busy === plan.id ? 'status' : undefined} className="text-sm font-medium text-primary">
                {busy === plan.id ? 'Opening secure checkout…' : 'You chose this plan on the pricing page.'}
              </p>
            )}
            <Button
              variant={isCurrent ? 'outline' : plan.popular || chosen ? 'default' : 'outline'}
              disabled={busy !== null}
              onClick={() => void choose(plan.id)}
              aria-label={isCurrent ? `Manage plan, your ${plan.name} plan` : current ? `Switch to ${plan.name} in the billing portal` : `Subscribe to ${plan.name}`}
            >
              {busy === plan.id && <Loader2 className="animate-spin" aria-hidden />}
              {isCurrent ? 'Manage plan' : current ? `Switch to ${plan.name}` : `Subscribe to ${plan.name}`}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
