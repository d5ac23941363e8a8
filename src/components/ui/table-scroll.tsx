import type { ReactNode } from 'react';

/**
 * A wide table's horizontal scroller on narrow screens: a labelled region keyboard users can
 * focus and scroll with the arrow keys (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to be scrolled by keyboard
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
      {children}
    </div>
  );
}
