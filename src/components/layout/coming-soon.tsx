import { Hammer } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A screen whose issue has not landed yet. It says so plainly; the README's status table lists
 * every screen that still shows this panel.
 */
export function ComingSoon({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <section aria-labelledby="coming-soon-title" className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 rounded-2xl border border-dashed bg-card/50 px-6 py-14 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-accent text-accent-foreground">
        <Hammer className="size-5" aria-hidden />
      </span>
      <h1 id="coming-soon-title" className="text-2xl font-semibold">
        {title}
      </h1>
      <p className="text-sm text-muted-foreground">{description ?? 'This screen is coming soon.'}</p>
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Coming soon</p>
      {children}
    </section>
  );
}
