import { Menu, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { BrandLogo } from '@/components/layout/brand-logo';
import { Button } from '@/components/ui/button';
import { BRAND } from '@/config/brand';
import { paths, startPath } from '@/config/paths';
import { cn } from '@/lib/utils';
import { useActiveSection } from '../hooks/use-active-section';
import type { SectionId } from '../lib/section-tracking';
import { SectionLink } from './section-link';
import { ThemeSwitch } from './theme-switch';

const SECTIONS: { id: SectionId; label: string }[] = [
  { id: 'home', label: 'Home' },
  { id: 'features', label: 'Features' },
  { id: 'testimonials', label: 'Testimonials' },
  { id: 'pricing', label: 'Pricing' },
];

const navItem = (active: boolean) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
    active ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:text-foreground',
  );

/** docs/spec.md §2 sticky header: section nav that follows the scroll, auth-aware call to action, mobile menu. */
export function LandingHeader({ signedIn }: { signedIn: boolean }) {
  const active = useActiveSection();
  const [open, setOpen] = useState(false);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const cta = { label: signedIn ? 'Dashboard' : 'Get Started', to: startPath(signedIn) };
  const close = () => setOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <div className="container flex h-16 items-center justify-between gap-4">
        <SectionLink section="home" aria-label={`${BRAND.name} home`} className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <BrandLogo />
        </SectionLink>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {SECTIONS.map((s) => (
            <SectionLink key={s.id} section={s.id} className={navItem(active === s.id)} aria-current={active === s.id ? 'location' : undefined}>
              {s.label}
            </SectionLink>
          ))}
          <Link to={paths.dashboard.home} className={navItem(false)}>
            Dashboard
          </Link>
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <Button asChild variant="ghost" size="sm" className="hidden lg:inline-flex">
            <Link to={paths.settingsTab('how-it-works')}>How It Works</Link>
          </Button>
          <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
            <Link to={paths.login}>Sign In</Link>
          </Button>
          <Button asChild size="sm">
            <Link to={cta.to}>{cta.label}</Link>
          </Button>
          <ThemeSwitch />
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
          </Button>
        </div>
      </div>
      <div id={menuId} hidden={!open} className="border-t bg-background md:hidden">
        <nav aria-label="Mobile" className="container flex flex-col gap-1 py-3">
          {SECTIONS.map((s) => (
            <SectionLink key={s.id} section={s.id} onNavigate={close} className={navItem(active === s.id)} aria-current={active === s.id ? 'location' : undefined}>
              {s.label}
            </SectionLink>
          ))}
          <Link to={paths.dashboard.home} className={navItem(false)} onClick={close}>
            Dashboard
          </Link>
          <Link to={paths.settingsTab('how-it-works')} className={navItem(false)} onClick={close}>
            How It Works
          </Link>
          <Button asChild variant="outline" className="mt-2 sm:hidden">
            <Link to={paths.login} onClick={close}>
              Sign In
            </Link>
          </Button>
        </nav>
      </div>
    </header>
  );
}
