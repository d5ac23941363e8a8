import type { ComponentProps } from 'react';
import { scrollToSection } from '../lib/scroll-to-section';

/** An in-page anchor (#features…) that smooth-scrolls; still a plain link without JavaScript. */
export function SectionLink({ section, onNavigate, children, ...props }: ComponentProps<'a'> & { section: string; onNavigate?: () => void }) {
  return (
    <a
      href={`#${section}`}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        onNavigate?.();
        scrollToSection(section);
      }}
      {...props}
    >
      {children}
    </a>
  );
}
