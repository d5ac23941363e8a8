import { Camera, Zap, Eye, Film, Heart, RotateCw, ScanSearch, Sparkles, Wand2 } from 'lucide-react';
import { PageSection } from '@/components/layout/page-section';
import { Skeleton } from '@/components/ui/skeleton';
import type { DashboardStats } from '../types';
import { StatCard } from './stat-card';

const PER_STUDIO = [
  { label: 'Lightbox', key: 'lightbox_count', icon: Camera },
  { label: 'Refined Images', key: 'refine_count', icon: Wand2 },
  { label: '360° Videos', key: 'spin360_count', icon: RotateCw },
  { label: 'UGC Videos', key: 'ugc_count', icon: Film },
  { label: 'Competitor Ads', key: 'competitor_ad_count', icon: ScanSearch },
] as const satisfies readonly { label: string; key: keyof DashboardStats; icon: unknown }[];

/** The Generation Overview: four headline figures and the completed count of each studio. */
export function GenerationOverview({ stats }: { stats: DashboardStats | undefined }) {
  return (
    <PageSection id="generation-overview" title="Generation Overview">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard label="Total Generations" value={stats?.total_generations} icon={Sparkles} hint="Completed across all studios" />
        <StatCard label="Total Views" value={stats?.total_views} icon={Eye} tone="bg-sky-500/10 text-sky-600 dark:text-sky-400" hint="On your videos" />
        <StatCard label="Engagement" value={stats?.total_engagement} icon={Heart} tone="bg-rose-500/10 text-rose-600 dark:text-rose-400" hint="Likes, comments and shares" />
        <StatCard label="Credits Used" value={stats?.credits_used} icon={Zap} tone="bg-highlight/20 text-highlight-foreground dark:text-highlight" hint="Net of refunds" />
      </div>
      <ul aria-label="Generations by studio" className="grid grid-cols-2 divide-border rounded-xl border bg-card shadow-xs sm:grid-cols-5 sm:divide-x">
        {PER_STUDIO.map(({ label, key, icon: Icon }) => (
          <li key={key} className="flex flex-col gap-1 px-4 py-3 last:col-span-2 sm:last:col-span-1">
            <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <Icon aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{label}</span>
            </span>
            {stats ? <span className="text-lg font-semibold tabular-nums">{stats[key]}</span> : <Skeleton className="my-1 h-5 w-8" />}
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
