import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, BarChart3, Download, ExternalLink, Loader2, Lock, Plug, RefreshCw, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { OptionSelect } from '@/components/ui/option-select';
import { Skeleton } from '@/components/ui/skeleton';
import { TableScroll } from '@/components/ui/table-scroll';
import { paths } from '@/config/paths';
import { includesSocialAnalytics } from '@/domains/credits/plans';
import { useCredits } from '@/domains/credits/use-credits';
import { csvBlob } from '@/lib/csv';
import { saveBlob } from '@/lib/download';
import { toAppError } from '@/lib/errors';
import { formatRelativeTime } from '@/lib/relative-time';
import { platformName, SOCIAL_PLATFORMS, type SocialPlatform } from '@/domains/social/platforms';
import { cn } from '@/lib/utils';
import { allPosts, analyticsKeys, type Metric, POSTS_PAGE, type PostsOrder, type Range, type Report, type ReportPost, type SortKey, syncNow, thumbnailsOf, usePostsPage, useReport } from '../api';
import { change, dailyCsv, isoDay, lastDays, postsCsv } from '../lib';
import { countOf } from '@/lib/format';

const TrendChart = lazy(() => import('./trend-chart'));

const RANGES = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: 'custom', label: 'Custom range' },
] as const;
const PLATFORM_OPTIONS = [{ value: 'all', label: 'All platforms' }, ...SOCIAL_PLATFORMS.map((p) => ({ value: p.id, label: p.name }))];
const HEADLINES: { metric: Metric; label: string }[] = [
  { metric: 'impressions', label: 'Impressions' },
  { metric: 'likes', label: 'Likes' },
  { metric: 'comments', label: 'Comments' },
  { metric: 'shares', label: 'Shares' },
  { metric: 'saves', label: 'Saves' },
  { metric: 'views', label: 'Video views' },
];
const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'posted_at', label: 'Posted' },
  { key: 'platform', label: 'Platform' },
  { key: 'impressions', label: 'Impressions', numeric: true },
  { key: 'reach', label: 'Reach', numeric: true },
  { key: 'likes', label: 'Likes', numeric: true },
  { key: 'comments', label: 'Comments', numeric: true },
  { key: 'shares', label: 'Shares', numeric: true },
  { key: 'saves', label: 'Saves', numeric: true },
  { key: 'views', label: 'Views', numeric: true },
];
const number = new Intl.NumberFormat(undefined);
const show = (v: number | null) => (v === null ? '—' : number.format(v));

/**
 * /dashboard/social-analytics (Pro+): how the user's posts do across platforms — headline totals
 * with the change against the previous period, a daily trend, top posts and every post's figures,
 * for a date range and platform, with when the figures were last synced, Sync now, and CSV.
 */
export function SocialAnalyticsPage() {
  const { summary } = useCredits();
  const allowed = summary ? includesSocialAnalytics(summary.subscription_plan) : undefined;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          <BarChart3 className="size-6 text-primary" aria-hidden /> Social Analytics
        </h1>
        <p className="text-muted-foreground">Impressions, likes, comments and shares of your posts across platforms.</p>
      </header>
      {allowed === undefined ? (
        <p role="status" className="py-16 text-center text-muted-foreground">
          Loading...
        </p>
      ) : allowed ? (
        <Analytics />
      ) : (
        <Alert className="max-w-2xl border-primary/30 bg-primary/5">
          <Lock aria-hidden />
          <AlertTitle>Upgrade to Professional</AlertTitle>
          <AlertDescription>
            <p>Social Analytics is a Pro+ feature. Upgrade to the Professional plan to unlock it.</p>
            <Link to={paths.billing} className="font-medium text-primary underline-offset-4 hover:underline">
              See plans
            </Link>
          </AlertDescription>
        </Alert>
      )}
    </div>
  );
}

function Analytics() {
  const queryClient = useQueryClient();
  const [preset, setPreset] = useState<string>('30');
  const [custom, setCustom] = useState(() => lastDays(30));
  const [platform, setPlatform] = useState<SocialPlatform | null>(null);
  const range = useMemo(() => (preset === 'custom' ? custom : lastDays(Number(preset))), [preset, custom]);
  const valid = range.from <= range.to;
  const report = useReport(range, platform, valid);

  const sync = useMutation({
    mutationFn: syncNow,
    onSuccess: (outcome) => {
      const failed = outcome.accounts.filter((a) => a.status === 'failed');
      if (outcome.accounts.length === 0) toast.info('No connected accounts to sync.');
      else if (failed.length === 0) toast.success(`Synced ${countOf(outcome.accounts.length, 'account', 'accounts')}`);
      else toast.error(`${failed.map((a) => platformName(a.platform)).join(', ')} could not be synced`, { description: failed[0]!.error });
    },
    onError: (error) => toast.error(toAppError(error).message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
  });

  const data = report.data;
  const lastSynced = data?.accounts.map((a) => a.synced_at).filter((t): t is string => !!t).sort().at(-1);
  const days = Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="analytics-range">Period</Label>
          <OptionSelect id="analytics-range" value={preset} onValueChange={setPreset} options={RANGES} placeholder="Period" className="w-44" />
        </div>
        {preset === 'custom' && (
          <>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="analytics-from">From</Label>
              <Input id="analytics-from" type="date" value={custom.from} max={custom.to} onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))} className="w-40" />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="analytics-to">To</Label>
              <Input id="analytics-to" type="date" value={custom.to} min={custom.from} max={isoDay(new Date())} onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))} className="w-40" />
            </div>
          </>
        )}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="analytics-platform">Platform</Label>
          <OptionSelect id="analytics-platform" value={platform ?? 'all'} onValueChange={(v) => setPlatform(v === 'all' ? null : (v as SocialPlatform))} options={PLATFORM_OPTIONS} placeholder="Platform" className="w-44" />
        </div>
        <div className="ml-auto flex flex-wrap items-center gap-3">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {lastSynced ? `Last synced ${formatRelativeTime(new Date(lastSynced), new Date())}` : 'Not synced yet'}
          </p>
          <Button variant="outline" onClick={() => sync.mutate()} disabled={sync.isPending}>
            {sync.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />} Sync now
          </Button>
        </div>
      </div>
      {!valid && (
        <p role="alert" className="text-sm text-destructive">
          The start of the period must come before its end.
        </p>
      )}

      {report.isPending ? (
        <div className="grid gap-4 sm:grid-cols-3" role="status" aria-label="Loading analytics">
          {HEADLINES.map((h) => (
            <Skeleton key={h.metric} className="h-24" />
          ))}
        </div>
      ) : report.isError || !data ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-sm">
          <p>{toAppError(report.error).message}</p>
          <Button variant="outline" size="sm" onClick={() => void report.refetch()}>
            Try again
          </Button>
        </div>
      ) : data.accounts.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <Plug className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">{platform ? `No ${platformName(platform)} account connected` : 'No connected accounts yet'}</p>
            <p className="max-w-md text-sm text-muted-foreground">Connect Instagram, Facebook, X, TikTok or Pinterest, post from any studio, and your figures show up here.</p>
            <Button asChild>
              <Link to="/settings?tab=accounts">Connect an account</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <Dashboard report={data} days={days} range={range} platform={platform} />
      )}
    </div>
  );
}

function Dashboard({ report, days, range, platform }: { report: Report; days: number; range: Range; platform: SocialPlatform | null }) {
  const top = report.posts.slice(0, 5);
  const thumbs = useQuery({
    queryKey: ['social-analytics-thumbs', top.map((p) => p.content_id).join(',')],
    queryFn: () => thumbnailsOf(top.map((p) => p.content_id).filter((id): id is string => !!id)),
    throwOnError: false,
    staleTime: 30 * 60_000,
  });
  const failing = report.accounts.filter((a) => a.error);
  const nothing = report.post_count === 0 && Object.values(report.totals).every((v) => !v);
  const download = (csv: string, name: string) => saveBlob(csvBlob(csv), name);

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
          <Card>
            <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
              <div>
                <CardTitle as="h2">Trend</CardTitle>
                <CardDescription>Impressions (bars) and engagement — likes, comments and shares — (line) per day.</CardDescription>
              </div>
              <Button variant="outline" size="sm" onClick={() => download(dailyCsv(report), `social-analytics-daily-${report.from}-${report.to}.csv`)}>
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

          {top.length > 0 && (
            <Card>
              <CardHeader>
                <CardTitle as="h2">Top posts</CardTitle>
                <CardDescription>By impressions in this period.</CardDescription>
              </CardHeader>
              <CardContent>
                <ol aria-label="Top posts" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
                  {top.map((p, i) => (
                    <li key={p.post_id} className="flex flex-col gap-2 rounded-lg border p-3">
                      {p.content_id && thumbs.data?.get(p.content_id) ? (
                        <img src={thumbs.data.get(p.content_id)} alt="" className="aspect-square w-full rounded-md bg-muted object-cover" loading="lazy" />
                      ) : (
                        <span aria-hidden className="aspect-square w-full rounded-md bg-muted" />
                      )}
                      <p className="text-xs text-muted-foreground">
                        #{i + 1} · {platformName(p.platform)}
                      </p>
                      <p className="line-clamp-2 text-sm">{p.caption}</p>
                      <p className="text-sm font-medium tabular-nums">{show(p.impressions)} impressions</p>
                    </li>
                  ))}
                </ol>
              </CardContent>
            </Card>
          )}

          {/* A new period or platform starts again at the first page. */}
          <AllPosts key={`${range.from}/${range.to}/${platform ?? 'all'}`} report={report} range={range} platform={platform} />
        </>
      )}
    </>
  );
}

/** Every post of the period, a page at a time in the order asked for; the CSV has them all. */
function AllPosts({ report, range, platform }: { report: Report; range: Range; platform: SocialPlatform | null }) {
  const [order, setOrder] = useState<PostsOrder>({ key: 'impressions', direction: 'desc' });
  const [page, setPage] = useState(0);
  const posts = usePostsPage(range, platform, order, page);
  const total = posts.data?.total ?? report.post_count;
  const pages = Math.max(1, Math.ceil(total / POSTS_PAGE));
  const exporting = useMutation({
    mutationFn: () => allPosts(range, platform, order),
    onSuccess: (all) => saveBlob(csvBlob(postsCsv(all)), `social-analytics-posts-${report.from}-${report.to}.csv`),
    onError: (error) => toast.error(toAppError(error).message),
  });
  const sortBy = (key: SortKey) => {
    setOrder((o) => ({ key, direction: o.key === key && o.direction === 'desc' ? 'asc' : 'desc' }));
    setPage(0);
  };
  const first = page * POSTS_PAGE + 1;
  const last = Math.min(total, (page + 1) * POSTS_PAGE);

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle as="h2">Posts</CardTitle>
          <CardDescription>Every post of the period with its latest figures. — means the platform does not report it.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => exporting.mutate()} disabled={exporting.isPending || total === 0}>
          {exporting.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />} Posts CSV
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {posts.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 text-sm">
            <p>{toAppError(posts.error).message}</p>
            <Button variant="outline" size="sm" onClick={() => void posts.refetch()}>
              Try again
            </Button>
          </div>
        ) : !posts.data ? (
          <Skeleton className="h-40" role="status" aria-label="Loading posts" />
        ) : (
          <PostsTable posts={posts.data.posts} sort={order} onSort={sortBy} busy={posts.isPlaceholderData} />
        )}
        {total > 0 && (
          <nav aria-label="Pages of posts" className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <p className="text-muted-foreground" aria-live="polite">
              {total <= POSTS_PAGE ? countOf(total, 'post', 'posts') : `Posts ${number.format(first)}–${number.format(last)} of ${number.format(total)}`}
            </p>
            {pages > 1 && (
              <div className="flex items-center gap-2">
                <Button variant="outline" size="sm" onClick={() => setPage((p) => p - 1)} disabled={page === 0}>
                  Previous
                </Button>
                <span className="tabular-nums">
                  Page {page + 1} of {pages}
                </span>
                <Button variant="outline" size="sm" onClick={() => setPage((p) => p + 1)} disabled={page + 1 >= pages}>
                  Next
                </Button>
              </div>
            )}
          </nav>
        )}
      </CardContent>
    </Card>
  );
}

function PostsTable({ posts, sort, onSort, busy }: { posts: ReportPost[]; sort: PostsOrder; onSort: (key: SortKey) => void; busy: boolean }) {
  return (
    <TableScroll label="Posts and their figures">
      <table className={cn('w-full min-w-[720px] text-sm transition-opacity', busy && 'opacity-60')} aria-busy={busy || undefined}>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            {COLUMNS.map((c) => (
              <th key={c.key} scope="col" aria-sort={sort.key === c.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'} className={cn('py-2 pr-3 font-medium', c.numeric && 'text-right')}>
                <button type="button" onClick={() => onSort(c.key)} className="inline-flex items-center gap-1 rounded outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50">
                  {c.label}
                  {sort.key === c.key && (sort.direction === 'asc' ? <ArrowUp className="size-3" aria-hidden /> : <ArrowDown className="size-3" aria-hidden />)}
                </button>
              </th>
            ))}
            <th scope="col" className="py-2 font-medium">
              Caption
            </th>
          </tr>
        </thead>
        <tbody>
          {posts.map((p) => (
            <tr key={p.post_id} className="border-b last:border-0">
              <td className="py-2 pr-3 whitespace-nowrap">{new Date(p.posted_at).toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}</td>
              <td className="py-2 pr-3 whitespace-nowrap">
                {p.post_url ? (
                  <a href={p.post_url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 underline-offset-4 hover:underline">
                    {platformName(p.platform)} <ExternalLink className="size-3" aria-hidden />
                  </a>
                ) : (
                  platformName(p.platform)
                )}
              </td>
              {(['impressions', 'reach', 'likes', 'comments', 'shares', 'saves', 'video_views'] as const).map((k) => (
                <td key={k} className="py-2 pr-3 text-right tabular-nums">
                  {show(p[k])}
                </td>
              ))}
              <td className="max-w-[280px] truncate py-2" title={p.caption}>
                {p.caption}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
