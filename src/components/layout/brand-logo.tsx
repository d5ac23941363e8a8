import { Sparkles } from 'lucide-react';
import { BRAND } from '@/config/brand';
import { cn } from '@/lib/utils';

/**
 * The mark + name; `withTagline` adds 'AI PRODUCT STUDIO' under the name (`taglineClassName` hides it
 * where a bar is too tight for it whole: a cut-off "AI PRODUCT ST…" reads as a fault). In a tight bar
 * the mark keeps its size and the words give way.
 */
export function BrandLogo({ withTagline = false, taglineClassName, className }: { withTagline?: boolean; taglineClassName?: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <span aria-hidden className="grid size-8 shrink-0 place-items-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <Sparkles className="size-4" />
      </span>
      <span className="flex min-w-0 flex-col leading-none">
        <span className="text-base font-semibold tracking-tight">{BRAND.name}</span>
        {withTagline && <span className={cn('mt-1 truncate text-[10px] font-medium tracking-[0.18em] text-muted-foreground', taglineClassName)}>{BRAND.tagline}</span>}
      </span>
    </span>
  );
}
