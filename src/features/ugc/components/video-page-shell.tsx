import type { ReactNode } from 'react';
import { BrandBar } from '@/components/layout/brand-bar';

/** The top-level video screens (/create, /studio, /perfect, /binder, /library): brand bar, wide content. */
export function VideoPageShell({ title, subtitle, children, actions }: { title: string; subtitle: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b bg-background/80 backdrop-blur">
        <BrandBar className="container" />
      </header>
      <main className="container flex max-w-6xl flex-1 flex-col gap-6 py-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            <p className="text-muted-foreground">{subtitle}</p>
          </div>
          {actions}
        </div>
        {children}
      </main>
    </div>
  );
}
