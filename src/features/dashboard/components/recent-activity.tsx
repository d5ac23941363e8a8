import { Camera, Film, History, RotateCw, ScanSearch, Wand2, type LucideIcon } from 'lucide-react';
import { PageSection } from '@/components/layout/page-section';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import type { Studio } from '@/domains/credits/types';
import type { JobStatus, RecentActivity as Activity } from '../types';
import { formatRelativeTime } from '@/lib/relative-time';

const STUDIO_ICONS: Record<Studio, LucideIcon> = { lightbox: Camera, refine_image: Wand2, spin360: RotateCw, ugc: Film, competitor_ad: ScanSearch };

const STATUS: Record<JobStatus, { label: string; variant: 'success' | 'destructive' | 'secondary' }> = {
  completed: { label: 'Completed', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  processing: { label: 'Processing', variant: 'secondary' },
  queued: { label: 'Queued', variant: 'secondary' },
};

/** The latest jobs (up to 10: 5 image, 5 video) with their status. */
export function RecentActivity({ items, now = new Date() }: { items: Activity[] | undefined; now?: Date }) {
  return (
    <PageSection id="recent-activity" title="Recent Activity">
      <div className="rounded-xl border bg-card shadow-xs">
        {items === undefined ? (
          <ul aria-hidden className="divide-y">
            {[0, 1, 2].map((i) => (
              <li key={i} className="flex items-center gap-3 px-5 py-3.5">
                <Skeleton className="size-9 rounded-lg" />
                <Skeleton className="h-4 flex-1" />
                <Skeleton className="h-5 w-20 rounded-full" />
              </li>
            ))}
          </ul>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
            <History aria-hidden className="size-8 text-muted-foreground/60" />
            <p className="font-medium">No activity yet</p>
            <p className="text-sm text-muted-foreground">Your generations will show up here as they run.</p>
          </div>
        ) : (
          <ul className="divide-y">
            {items.map((item) => {
              const Icon = STUDIO_ICONS[item.studio] ?? History;
              const status = STATUS[item.status] ?? STATUS.queued;
              return (
                <li key={item.id} className="flex items-center gap-3 px-5 py-3.5">
                  <span aria-hidden className="grid size-9 shrink-0 place-items-center rounded-lg bg-muted text-muted-foreground">
                    <Icon className="size-4" />
                  </span>
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate text-sm font-medium">{item.title}</span>
                    <time dateTime={item.created_at} className="text-xs text-muted-foreground">
                      {formatRelativeTime(new Date(item.created_at), now)}
                    </time>
                  </div>
                  <Badge variant={status.variant}>{status.label}</Badge>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </PageSection>
  );
}
