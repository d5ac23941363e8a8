import { Suspense, type ReactNode } from 'react';
import { useNearViewport } from '../hooks/use-near-viewport';
import { CarouselPlaceholder } from './lazy-placeholders';
import { SectionHeading } from './section-heading';

/** Mounts the carousel (its own chunk, with supabase-js) only when the section comes near. */
export function ExamplesSection({ carousel }: { carousel: ReactNode }) {
  // A small margin: on a phone the examples sit just below the fold, and the first load should not pay for them.
  const { ref, near } = useNearViewport<HTMLElement>('150px');
  return (
    <section ref={ref} id="examples" tabIndex={-1} aria-labelledby="examples-title" className="scroll-mt-16 overflow-hidden bg-muted/40 py-20 outline-none">
      <div className="container">
        <SectionHeading id="examples-title" eyebrow="Examples" title="Made with Shotcraft">
          Real product videos created from a single photo. Press play on any card.
        </SectionHeading>
      </div>
      {near ? <Suspense fallback={<CarouselPlaceholder />}>{carousel}</Suspense> : <CarouselPlaceholder />}
    </section>
  );
}
