import { useEffect, useState } from 'react';
import { pickActiveSection, TRACKED_SECTIONS, type SectionId, type SectionVisibility } from '../lib/section-tracking';

const THRESHOLDS = Array.from({ length: 21 }, (_, i) => i / 20);

/** The section the header marks active, followed with one IntersectionObserver. */
export function useActiveSection(): SectionId {
  const [active, setActive] = useState<SectionId>('home');

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const visibility: Partial<Record<SectionId, SectionVisibility>> = {};
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          visibility[e.target.id as SectionId] = { visible: e.isIntersecting ? e.intersectionRect.height : 0, height: e.boundingClientRect.height };
        }
        setActive((prev) => pickActiveSection(visibility, window.innerHeight, prev));
      },
      { threshold: THRESHOLDS },
    );
    for (const id of TRACKED_SECTIONS) {
      const el = document.getElementById(id);
      if (el) io.observe(el);
    }
    return () => io.disconnect();
  }, []);

  return active;
}
