import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * A wide table's horizontal scroller on narrow screens: a labelled region keyboard users can
 * focus and scroll with the arrow keys (axe: scrollable-region-focusable). It is the containing
 * block of what is positioned inside (an sr-only caption or header), which would otherwise sit at
 * the table's far edge outside the scroller and widen the page. An edge with columns past it fades
 * out (a phone cut the credit history at "Lightbo" with nothing to say the table went on).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const update = () => {
      const before = el.scrollLeft > 1;
      const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setMore((m) => (m.before === before && m.after === after ? m : { before, after }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resized?.observe(el);
    if (el.firstElementChild) resized?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      resized?.disconnect();
    };
  }, []);

  const edge = 'pointer-events-none absolute inset-y-0 w-8 from-card to-transparent transition-opacity';
  return (
    <div className="relative">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to be scrolled by keyboard */}
      <div ref={scroller} role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
        {children}
      </div>
      <div aria-hidden data-edge="before" className={cn(edge, 'left-0 bg-linear-to-r', more.before ? 'opacity-100' : 'opacity-0')} />
      <div aria-hidden data-edge="after" className={cn(edge, 'right-0 bg-linear-to-l', more.after ? 'opacity-100' : 'opacity-0')} />
    </div>
  );
}
