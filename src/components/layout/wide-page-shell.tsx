import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { BrandBar } from './brand-bar';

interface Props {
  title: string;
  subtitle: string;
  /** Buttons beside the title (a page) — a hero has none. */
  actions?: ReactNode;
  /** 'hero': a centred, larger heading on a narrower page (the trial); 'page': a tool's screen. */
  variant?: 'page' | 'hero';
  children: ReactNode;
}

/** The public full-width screens (the trial, the video routes, the demo): brand bar, heading, content. */
export function WidePageShell({ title, subtitle, actions, variant = 'page', children }: Props) {
  const hero = variant === 'hero';
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b bg-background/80 backdrop-blur">
        <BrandBar className="container" />
      </header>
      <main className={cn('container flex flex-1 flex-col py-8', hero ? 'max-w-4xl gap-8 sm:py-12' : 'max-w-6xl gap-6')}>
        <div className={cn('flex flex-wrap gap-3', hero ? 'flex-col text-center' : 'items-end justify-between')}>
          <div className={cn('flex flex-col', hero && 'gap-2')}>
            <h1 className={cn('font-semibold tracking-tight', hero ? 'text-3xl sm:text-4xl' : 'text-2xl')}>{title}</h1>
            <p className="text-muted-foreground">{subtitle}</p>
          </div>
          {actions}
        </div>
        {children}
      </main>
    </div>
  );
}
