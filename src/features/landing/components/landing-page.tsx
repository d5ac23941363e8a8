import { ArrowRight, Camera, Film, RotateCw, Wand2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { BRAND } from '@/config/brand';
import { paths } from '@/config/paths';
import { LandingHeader } from './landing-header';

const STUDIOS = [
  { icon: Camera, title: 'Lightbox photos', text: 'Catalog-ready studio shots on clean backgrounds.' },
  { icon: Wand2, title: 'Refined images', text: 'Colour, light and detail fixed in seconds.' },
  { icon: RotateCw, title: '360° spins', text: 'Let shoppers turn your product in their hand.' },
  { icon: Film, title: 'UGC video ads', text: 'Scroll-stopping vertical ads from one photo.' },
] as const;

/** The public front page. The full landing (stats, carousel, pricing, testimonials) arrives with its issue. */
export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <LandingHeader />
      <main id="home" className="flex-1">
        <section className="relative overflow-hidden">
          <div aria-hidden className="pointer-events-none absolute inset-x-0 -top-40 h-[28rem] bg-[radial-gradient(ellipse_at_top,var(--color-primary)_0%,transparent_60%)] opacity-15" />
          <div className="container relative flex flex-col items-center gap-6 py-20 text-center sm:py-28">
            <p className="rounded-full border bg-card px-3 py-1 text-xs font-medium tracking-[0.18em] text-muted-foreground">{BRAND.tagline}</p>
            <h1 className="max-w-3xl text-4xl font-semibold sm:text-6xl">Product photos in. Marketing media out.</h1>
            <p className="max-w-xl text-base text-muted-foreground sm:text-lg">{BRAND.description}</p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link to={paths.login}>
                  Start Creating <ArrowRight />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <a href="#features">View Examples</a>
              </Button>
            </div>
            <p className="text-sm text-muted-foreground">5 free credits · no credit card</p>
          </div>
        </section>
        <section id="features" aria-labelledby="features-title" className="container pb-24">
          <h2 id="features-title" className="sr-only">
            Features
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {STUDIOS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border bg-card p-5 shadow-xs">
                <Icon className="mb-4 size-6 text-primary" aria-hidden />
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="border-t py-8 text-center text-sm text-muted-foreground">
        © {new Date().getFullYear()} {BRAND.name}
      </footer>
    </div>
  );
}
