import type { ReactNode } from 'react';

/**
 * A wide table's horizontal scroller on narrow screens: a labelled region keyboard users can
 * focus and scroll with the arrow keys (axe: scrollable-region-focusable). It is the containing
 * block of what is positioned inside (an sr-only caption or header), which would otherwise sit at
 * the table's far edge outside the scroller and widen the page.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to be scrolled by keyboard
    <div role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
      {children}
    </div>
  );
}
