import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useNearViewport } from '../hooks/use-near-viewport';
import { SHOWCASE } from '../lib/showcase-data';
import { CarouselPlaceholder } from './lazy-placeholders';
import { SectionHeading } from './section-heading';
import { ShowcaseStills } from './showcase-stills';

/**
 * Mounts the carousel (its own chunk, with the storage client) only when the strip itself comes
 * near: the heading above it may show on a phone's first screen, the video cards do not, and the
 * first load should not pay for them. A visitor who moves with the keyboard gets it at their first
 * Tab, so its controls are there when focus reaches them instead of being tabbed past.
 */
export function ExamplesSection({ carousel }: { carousel: ReactNode }) {
  const { ref, near } = useNearViewport<HTMLDivElement>('200px');
  const [tabbed, setTabbed] = useState(false);
  const mounted = near || tabbed;

  useEffect(() => {
    if (mounted) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Tab' && setTabbed(true);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [mounted]);

  return (
    <section id="examples" tabIndex={-1} aria-labelledby="examples-title" className="scroll-mt-16 overflow-hidden bg-muted/40 py-20 outline-none">
      <div className="container">
        <SectionHeading id="examples-title" eyebrow="Examples" title="Made with Shotcraft">
          What our studios made from product photos: video ads and a 360° spin (press play on any card), and photos before and after.
        </SectionHeading>
      </div>
      <div ref={ref} data-testid="examples-strip">
        {mounted ? <Suspense fallback={<CarouselPlaceholder />}>{carousel}</Suspense> : <CarouselPlaceholder />}
      </div>
      <ShowcaseStills stills={SHOWCASE.stills} />
    </section>
  );
}
