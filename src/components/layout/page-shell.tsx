import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ThemeToggle } from '@/components/theme-toggle';
import { paths } from '@/config/paths';
import { BrandLogo } from './brand-logo';

/** Header + centred content for the public pages that are not the landing page. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b bg-background/80 backdrop-blur">
        <div className="container flex h-16 items-center justify-between">
          <Link to={paths.home} className="rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
            <BrandLogo />
          </Link>
          <ThemeToggle />
        </div>
      </header>
      <main className="container flex flex-1 flex-col items-center justify-center py-12">{children}</main>
    </div>
  );
}
