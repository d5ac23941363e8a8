import { ArrowRight, Coins, Loader2, Trophy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { PageSection } from '@/components/layout/page-section';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useCreditSummary } from '@/domains/credits/api';
import { PLAN_LABELS } from '@/domains/credits/plans';
import { formatCredits } from '@/domains/credits/prices';
import { toAppError } from '@/lib/errors';
import { formatPrice } from '@/lib/format-price';
import { cn } from '@/lib/utils';
import { startCheckout, useBillingOverview, useCreditPacks, type CreditPack } from '../api';
import { useCheckoutReturn } from '../use-checkout-return';
import { CheckoutNotice } from './checkout-notice';
import { PlanPicker } from './plan-picker';
import { LoadError } from '@/components/errors/load-error';

/** Cents per credit, to a tenth of a cent. */
const perCredit = (pack: CreditPack) => pack.price_cents / pack.credits;

/** The pack with the lowest price per credit, and each pack's saving against the dearest per credit. */
export function packValues(packs: readonly CreditPack[]) {
  const dearest = Math.max(...packs.map(perCredit));
  const best = packs.reduce<CreditPack | undefined>((a, p) => (!a || perCredit(p) < perCredit(a) ? p : a), undefined);
  return { bestId: packs.length > 1 ? best?.id : undefined, saving: (p: CreditPack) => Math.round((1 - perCredit(p) / dearest) * 100) };
}

/** /dashboard/credit-packs: top up with a pack (Stripe Checkout), or subscribe to a plan. */
export function CreditPacksPage() {
  const returned = useCheckoutReturn();
  const summary = useCreditSummary();
  const overview = useBillingOverview();
  const packs = useCreditPacks();
  const [busy, setBusy] = useState<string | null>(null);

  const buy = async (pack: CreditPack) => {
    setBusy(pack.id);
    try {
      await startCheckout({ pack_id: pack.id }, paths.dashboard.creditPacks);
    } catch (error) {
      toast.error(toAppError(error).message);
      setBusy(null);
    }
  };

  const values = packs.data ? packValues(packs.data) : undefined;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold sm:text-3xl">Credit Packs</h1>
          <p className="text-muted-foreground">Top up whenever you need to. Pack credits never expire.</p>
        </div>
        <p className="flex items-center gap-2 rounded-full border bg-card px-4 py-2 text-sm" aria-live="polite">
          <Coins className="size-4 text-highlight-foreground dark:text-highlight" aria-hidden />
          {summary.data ? (
            <>
              <span className="font-semibold">{formatCredits(summary.data.total_credits)}</span>
              <span className="text-muted-foreground">· {PLAN_LABELS[summary.data.subscription_plan]} plan</span>
            </>
          ) : (
            'Loading...'
          )}
        </p>
      </div>

      <CheckoutNotice result={returned} />

      <PageSection id="packs-title" title="One-off packs">
        {packs.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading packs...
          </p>
        ) : packs.isError ? (
          <LoadError onRetry={packs.refetch}>Couldn&apos;t load the packs.</LoadError>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-3">
            {packs.data.map((pack) => {
              const best = values?.bestId === pack.id;
              const saving = values?.saving(pack) ?? 0;
              return (
                <li key={pack.id}>
                  <Card className={cn('h-full', best && 'border-primary ring-1 ring-primary')}>
                    <CardHeader>
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <CardTitle>{pack.name}</CardTitle>
                        {best && (
                          <Badge>
                            <Trophy aria-hidden /> Best value
                          </Badge>
                        )}
                      </div>
                      <CardDescription>{formatCredits(pack.credits)}</CardDescription>
                    </CardHeader>
                    <CardContent className="flex flex-1 flex-col gap-4">
                      <p className="flex items-baseline gap-2">
                        <span className="text-3xl font-semibold tracking-tight">{formatPrice(pack.price_cents)}</span>
                        <span className="text-sm text-muted-foreground">{formatPrice(Math.round(perCredit(pack) * 10) / 10)} per credit</span>
                      </p>
                      <p className="text-sm text-muted-foreground">{saving > 0 ? `Save ${saving}% per credit` : 'Good for trying a studio'}</p>
                      <Button className="mt-auto" variant={best ? 'default' : 'outline'} disabled={busy !== null} onClick={() => void buy(pack)} aria-label={`Buy ${pack.credits} credits for ${formatPrice(pack.price_cents)}`}>
                        {busy === pack.id && <Loader2 className="animate-spin" aria-hidden />}
                        {busy === pack.id ? 'Opening checkout...' : `Buy ${pack.credits} credits`}
                      </Button>
                    </CardContent>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
        <p className="text-xs text-muted-foreground">Payments are processed by Stripe. We never see your card number.</p>
      </PageSection>

      <section aria-labelledby="plans-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <h2 id="plans-title" className="text-lg font-semibold">
              Credits every month
            </h2>
            <p className="text-sm text-muted-foreground">A plan adds its credits each month and unlocks more studios. Cancel any time.</p>
          </div>
          <Button asChild variant="link" className="px-0">
            <Link to={paths.billing}>
              Billing and credit history <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
        <PlanPicker overview={overview.data} returnPath={paths.dashboard.creditPacks} />
      </section>
    </div>
  );
}
