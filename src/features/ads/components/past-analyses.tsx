import { ChevronDown, History } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { StudioCardHeader } from '@/components/studio/studio-card-header';
import { Card, CardContent } from '@/components/ui/card';
import { countOf } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { PastAnalysis } from '../api/get-history';
import { PastVariations } from './past-variations';

interface Props {
  analyses: PastAnalysis[] | undefined;
  loading: boolean;
  onOpen: (analysis: PastAnalysis) => void;
}

/** Past analyses to reopen; each one's count of variations opens the variations themselves, right there. */
export function PastAnalyses({ analyses, loading, onOpen }: Props) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const baseId = useId();
  return (
    <Card>
      <StudioCardHeader icon={History} title="Past analyses" />
      <CardContent>
        {loading ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : !analyses?.length ? (
          <p className="text-sm text-muted-foreground">No analyses yet.</p>
        ) : (
          <ul aria-label="Past analyses" className="flex flex-col gap-3">
            {analyses.map((past) => {
              const open = expanded === past.id;
              const panelId = `${baseId}-${past.id}`;
              const count = countOf(past.variations.length, 'variation', 'variations');
              return (
                <li key={past.id} className="min-w-0 rounded-lg border">
                  <div className="flex flex-wrap items-center gap-3 p-2">
                    <button type="button" className="flex min-w-0 flex-1 items-center gap-3 rounded-md text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50" onClick={() => onOpen(past)}>
                      <img src={past.annotatedUrl} alt="" className="size-16 shrink-0 rounded-md border bg-muted object-contain" />
                      <span className="flex min-w-0 flex-col gap-0.5">
                        <span className="truncate text-sm font-medium">{past.title}</span>
                        <span className="text-xs text-muted-foreground">Score {past.report.score}</span>
                      </span>
                    </button>
                    {past.variations.length === 0 ? (
                      <span className="text-xs text-muted-foreground">{count}</span>
                    ) : (
                      <Button variant="outline" size="sm" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setExpanded(open ? null : past.id)}>
                        {count}
                        <ChevronDown aria-hidden className={cn('transition-transform', open && 'rotate-180')} />
                      </Button>
                    )}
                  </div>
                  {open && <PastVariations id={panelId} title={past.title} variations={past.variations} />}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
