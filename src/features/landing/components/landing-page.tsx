import { useEffect, useRef, type ReactNode } from 'react';
import { useAuth } from '@/lib/auth/use-auth';
import { ExamplesSection } from './examples-section';
import { FeaturesGrid } from './features-grid';
import { HeroSection } from './hero-section';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { PricingSection } from './pricing-section';
import { ProblemsSolutions } from './problems-solutions';
import { StatsRow } from './stats-row';
import { TestimonialsSection } from './testimonials-section';
import { TryFreeSection } from './try-free-section';

/**
 * The public front page (docs/spec.md §2). It paints from static code; the auth client loads when the
 * browser is idle, and the carousel and pricing load with their data as they come near.
 */
export function LandingPage({ carousel }: { carousel: ReactNode }) {
  const { status } = useAuth({ defer: true });
  const signedIn = status === 'signed-in';
  // The pre-rendered page shows before React takes it over; this marks the moment its handlers
  // (menu, carousel drag) are live, for tests and anyone measuring time to interactive.
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => rootRef.current?.setAttribute('data-hydrated', ''), []);
  return (
    <div ref={rootRef} className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <LandingHeader signedIn={signedIn} />
      <main id="main" className="flex-1">
        <HeroSection signedIn={signedIn} />
        <StatsRow />
        <ExamplesSection carousel={carousel} />
        <TryFreeSection signedIn={signedIn} />
        <ProblemsSolutions signedIn={signedIn} />
        <FeaturesGrid />
        <TestimonialsSection />
        <PricingSection signedIn={signedIn} />
      </main>
      <LandingFooter />
    </div>
  );
}
