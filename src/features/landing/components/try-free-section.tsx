import { ArrowRight, CreditCard, Gift } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { startPath } from '@/config/paths';

/** docs/spec.md §2 Try for FREE: 5 free credits, no credit card; dashboard when signed in. */
export function TryFreeSection({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="try-free-title" className="below-fold container py-20">
      <div className="relative overflow-hidden rounded-3xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-xl sm:px-12">
        <div aria-hidden className="absolute -top-24 -left-24 size-72 rounded-full bg-white/10 blur-2xl" />
        <div aria-hidden className="absolute -right-16 -bottom-24 size-72 rounded-full bg-black/10 blur-2xl" />
        <div className="relative mx-auto flex max-w-2xl flex-col items-center gap-5">
          <h2 id="try-free-title" className="text-3xl font-semibold sm:text-5xl">
            Try for FREE
          </h2>
          <p className="text-base opacity-90 sm:text-lg">Create your first studio shots and videos today. Your account starts with credits on us.</p>
          <ul className="flex flex-wrap justify-center gap-3 text-sm font-medium">
            <li className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1.5">
              <Gift className="size-4" aria-hidden /> 5 free credits
            </li>
            <li className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1.5">
              <CreditCard className="size-4" aria-hidden /> No credit card required
            </li>
          </ul>
          <Button asChild size="lg" variant="secondary" className="mt-2">
            <Link to={startPath(signedIn)}>
              {signedIn ? 'Open your dashboard' : 'Claim your free credits'} <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
