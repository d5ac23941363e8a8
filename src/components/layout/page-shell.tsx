import type { ReactNode } from 'react';
import { BrandBar } from './brand-bar';

/** Header + centred content for the public pages that are not the landing page. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b bg-background/80 backdrop-blur">
        <BrandBar className="container" />
      </header>
      <main className="container flex flex-1 flex-col items-center justify-center py-12">{children}</main>
    </div>
  );
}
