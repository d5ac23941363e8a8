import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BrandBar } from '@/components/layout/brand-bar';
import { paths } from '@/config/paths';

/** The frame of the sign-in screens: brand + theme toggle on top, a soft backdrop, one column. */
export function AuthShell({ children, backTo = paths.home, backLabel = 'Back to Home' }: { children: ReactNode; backTo?: string; backLabel?: string }) {
  return (
    <div className="relative flex min-h-dvh flex-col overflow-hidden bg-background">
      <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 -z-0 h-[420px] bg-[radial-gradient(60%_60%_at_50%_0%,color-mix(in_oklch,var(--primary)_16%,transparent),transparent)]" />
      <header className="relative z-10">
        <BrandBar className="container" />
      </header>
      <main className="relative z-10 flex flex-1 justify-center px-4 pb-12 pt-4 sm:pt-10">
        <div className="w-full max-w-md">
          <BackLink to={backTo}>{backLabel}</BackLink>
          {children}
        </div>
      </main>
    </div>
  );
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50">
      <ArrowLeft className="size-4" aria-hidden />
      {children}
    </Link>
  );
}
