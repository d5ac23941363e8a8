import { Download } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { csvBlob } from '@/lib/csv';
import { saveBlob } from '@/lib/download';
import type { Report } from '../api';
import { dailyCsv } from '../lib';

const TrendChart = lazy(() => import('./trend-chart'));

/** The daily trend chart (loaded when first shown) and its CSV. */
export function TrendCard({ report }: { report: Report }) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle as="h2">Trend</CardTitle>
          <CardDescription>Impressions (bars) and engagement — likes, comments and shares — (line) per day.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => saveBlob(csvBlob(dailyCsv(report)), `social-analytics-daily-${report.from}-${report.to}.csv`)}>
          <Download aria-hidden /> Daily CSV
        </Button>
      </CardHeader>
      <CardContent>
        <figure aria-label={`Impressions and engagement per day, ${report.from} to ${report.to}`}>
          <Suspense fallback={<Skeleton className="h-[260px]" />}>
            <TrendChart daily={report.daily} />
          </Suspense>
        </figure>
      </CardContent>
    </Card>
  );
}
