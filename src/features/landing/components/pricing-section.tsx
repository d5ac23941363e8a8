import { Mail } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { paths, startPath } from '@/config/paths';
import { useNearViewport } from '../hooks/use-near-viewport';
import { SALES_EMAIL } from '../lib/content';
import { PricingPlaceholder } from './lazy-placeholders';
import { SectionHeading } from './section-heading';

const PricingPlans = lazy(() => import('./pricing-plans'));

const SALES_MAIL = `mailto:${SALES_EMAIL}?subject=${encodeURIComponent('Shotcraft volume plan')}`;

export function PricingSection({ signedIn }: { signedIn: boolean }) {
  const { ref, near } = useNearViewport<HTMLElement>();
  return (
    <section ref={ref} id="pricing" tabIndex={-1} aria-labelledby="pricing-title" className="below-fold scroll-mt-16 bg-muted/40 py-20 outline-none">
      <div className="container">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Simple plans that grow with you">
          Every plan renews monthly. Failed generations are always refunded.
        </SectionHeading>
        {near ? (
          <Suspense fallback={<PricingPlaceholder />}>
            {/* Signed in: straight on to Stripe Checkout for the plan (through Billing); else sign up first. */}
            <PricingPlans ctaFor={(planId) => (signedIn ? paths.checkoutPlan(planId) : startPath(false))} />
          </Suspense>
        ) : (
          <PricingPlaceholder />
        )}
        <div className="mt-12 flex flex-col items-center justify-between gap-4 rounded-2xl border bg-card p-6 text-center sm:flex-row sm:text-left">
          <div>
            <p className="font-semibold">Need more than 100 videos per month?</p>
            <p className="text-sm text-muted-foreground">Volume pricing, team seats and a dedicated success manager.</p>
          </div>
          <Button asChild variant="outline">
            <a href={SALES_MAIL}>
              <Mail aria-hidden /> Contact Sales
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}
