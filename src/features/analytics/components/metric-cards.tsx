import { ArrowDown, ArrowUp } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { Report } from '../api';
import { change } from '../lib';
import { HEADLINES, number } from './figures';

/** A card for each headline total with its change against the previous period of as many days. */
export function MetricCards({ report, days }: { report: Report; days: number }) {
  return (
    <section aria-label="Totals" className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
      {HEADLINES.map(({ metric, label }) => {
        const delta = change(report.totals[metric], report.previous[metric]);
        return (
          <Card key={metric} className="gap-1 py-4">
            <CardContent className="flex flex-col gap-1 px-4">
              <p className="text-sm text-muted-foreground">{label}</p>
              <p className="text-2xl font-semibold tabular-nums">{number.format(report.totals[metric])}</p>
              <p className={cn('flex items-center gap-1 text-xs', delta === null ? 'text-muted-foreground' : delta >= 0 ? 'text-success' : 'text-destructive')}>
                {delta !== null && (delta >= 0 ? <ArrowUp className="size-3" aria-hidden /> : <ArrowDown className="size-3" aria-hidden />)}
                {delta === null ? 'No earlier figures' : `${delta >= 0 ? '+' : ''}${delta}% vs previous ${days} days`}
              </p>
            </CardContent>
          </Card>
        );
      })}
    </section>
  );
}
