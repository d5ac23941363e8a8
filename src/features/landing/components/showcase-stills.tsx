import { ArrowRight } from 'lucide-react';
import type { ShowcaseStill } from '../lib/showcase';

/**
 * Photos before and after a studio, side by side: the studios' real outputs
 * (scripts/make-showcase.ts). Below the fold, so the images load only when they come near.
 */
export function ShowcaseStills({ stills }: { stills: readonly ShowcaseStill[] }) {
  return (
    <ul aria-label="Photos before and after" className="container mt-12 grid gap-6 md:grid-cols-3">
      {stills.map((still) => (
        <li key={still.after}>
          <figure className="flex h-full flex-col gap-3 rounded-2xl border bg-card p-4 shadow-sm">
            <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-2">
              <img src={still.before} alt={`Before: ${still.title}`} loading="lazy" decoding="async" width={480} height={480} className="aspect-square w-full rounded-lg bg-muted object-contain" />
              <ArrowRight className="size-4 text-muted-foreground" aria-hidden />
              <img src={still.after} alt={`After: ${still.title}`} loading="lazy" decoding="async" width={480} height={480} className="aspect-square w-full rounded-lg bg-muted object-contain" />
            </div>
            <figcaption className="flex flex-col gap-0.5 text-sm">
              <span className="font-semibold text-primary">{still.studio}</span>
              <span className="text-muted-foreground">{still.title}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
