import { ArrowRight, Check, PlayCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { BRAND } from '@/config/brand';
import { startPath } from '@/config/paths';
import { SectionLink } from './section-link';

export function HeroSection({ signedIn }: { signedIn: boolean }) {
  return (
    <section id="home" tabIndex={-1} aria-labelledby="hero-title" className="relative scroll-mt-16 overflow-hidden outline-none">
      <div aria-hidden className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-48 left-1/2 h-[36rem] w-[64rem] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,var(--color-primary),transparent)] opacity-20 blur-2xl" />
        <div className="absolute top-24 -right-24 h-72 w-72 rounded-full bg-[radial-gradient(closest-side,var(--color-highlight),transparent)] opacity-25 blur-2xl" />
        <div className="absolute inset-0 bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_top,black_20%,transparent_70%)] bg-[size:48px_48px] opacity-40" />
      </div>
      <div className="container flex flex-col items-center gap-7 pt-16 pb-14 text-center sm:pt-24 sm:pb-20">
        <p className="inline-flex items-center gap-2 rounded-full border bg-card/80 px-3 py-1 text-xs font-semibold tracking-[0.18em] text-muted-foreground shadow-xs">
          <span className="size-1.5 rounded-full bg-success" aria-hidden />
          {BRAND.tagline}
        </p>
        <h1 id="hero-title" className="max-w-4xl text-4xl leading-[1.05] font-semibold sm:text-6xl lg:text-7xl">
          Product photos in.{' '}
          <span className="bg-gradient-to-r from-primary to-[oklch(0.62_0.2_320)] bg-clip-text text-transparent">Marketing media out.</span>
        </h1>
        <p className="max-w-2xl text-base text-muted-foreground sm:text-xl">{BRAND.description}</p>
        <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg" className="shadow-lg shadow-primary/25">
            <Link to={startPath(signedIn)}>
              {signedIn ? 'Go to Dashboard' : 'Start Creating'} <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <SectionLink section="examples">
              <PlayCircle aria-hidden /> View Examples
            </SectionLink>
          </Button>
        </div>
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground">
          {['5 free credits', 'No credit card required', 'Cancel anytime'].map((t) => (
            <li key={t} className="inline-flex items-center gap-1.5">
              <Check className="size-4 text-success" aria-hidden /> {t}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
