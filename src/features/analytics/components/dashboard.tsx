import { BarChart3, TriangleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { platformName, type SocialPlatform } from '@/domains/social/platforms';
import { type Range, type Report, useThumbnails } from '../api';
import { AllPosts } from './all-posts';
import { MetricCards } from './metric-cards';
import { TopPosts } from './top-posts';
import { TrendCard } from './trend-card';

/** The report: accounts that could not be synced, the totals, the trend, the top posts and every post. */
export function Dashboard({ report, days, range, platform }: { report: Report; days: number; range: Range; platform: SocialPlatform | null }) {
  const top = report.posts.slice(0, 5);
  const thumbs = useThumbnails(top.map((p) => p.content_id));
  const failing = report.accounts.filter((a) => a.error);
  const nothing = report.post_count === 0 && Object.values(report.totals).every((v) => !v);

  return (
    <>
      {failing.length > 0 && (
        <Alert variant="destructive">
          <TriangleAlert aria-hidden />
          <AlertTitle>Some accounts could not be synced</AlertTitle>
          <AlertDescription>
            <ul>
              {failing.map((a) => (
                <li key={a.id}>
                  {platformName(a.platform)} (@{a.username}): {a.error}
                </li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      )}

      <MetricCards report={report} days={days} />

      {nothing ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-12 text-center">
            <BarChart3 className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">No posts in this period</p>
            <p className="max-w-md text-sm text-muted-foreground">Post from any studio or the library; figures appear after the next sync (every hour, or Sync now).</p>
          </CardContent>
        </Card>
      ) : (
        <>
          <TrendCard report={report} />

          {top.length > 0 && <TopPosts posts={top} thumbnails={thumbs.data} />}

          {/* A new period or platform starts again at the first page. */}
          <AllPosts key={`${range.from}/${range.to}/${platform ?? 'all'}`} report={report} range={range} platform={platform} />
        </>
      )}
    </>
  );
}
