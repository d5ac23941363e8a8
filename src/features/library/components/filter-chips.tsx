import { cn } from '@/lib/utils';
import { FILTER_CHIPS } from '../lib/content-types';
import type { ContentCounts, ContentFilter } from '../types';

interface FilterChipsProps {
  value: ContentFilter;
  counts: ContentCounts | null;
  onChange: (filter: ContentFilter) => void;
}

/** Filter chips with counts (docs/spec.md §2); each chip is a toggle button, the active one pressed. */
export function FilterChips({ value, counts, onChange }: FilterChipsProps) {
  return (
    <div role="group" aria-label="Filter by type" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 sm:flex-wrap">
      {FILTER_CHIPS.map((chip) => {
        const active = chip.value === value;
        return (
          <button
            key={chip.value}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(chip.value)}
            className={cn(
              'inline-flex shrink-0 items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
              active ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent hover:text-accent-foreground',
            )}
          >
            {chip.label}
            <span
              className={cn(
                'min-w-6 rounded-full px-1.5 text-center text-xs tabular-nums',
                // The pressed chip's count inverts its colours: a tint of white on the primary was 4.1:1.
                active ? 'bg-primary-foreground text-primary' : 'bg-muted text-muted-foreground',
              )}
            >
              {counts ? counts[chip.value] : '–'}
            </span>
          </button>
        );
      })}
    </div>
  );
}
