import { Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { csvBlob } from '@/lib/csv';
import { saveBlob } from '@/lib/download';
import { toAppError } from '@/lib/errors';
import { countOf } from '@/lib/format';
import type { SocialPlatform } from '@/domains/social/platforms';
import { POSTS_PAGE, type PostsOrder, type Range, type Report, type SortKey, useAllPosts, usePostsPage } from '../api';
import { postsCsv } from '../lib';
import { number } from './figures';
import { PostsTable } from './posts-table';
import { LoadError } from '@/components/errors/load-error';

/** Every post of the period, a page at a time in the order asked for; the CSV has them all. */
export function AllPosts({ report, range, platform }: { report: Report; range: Range; platform: SocialPlatform | null }) {
  const [order, setOrder] = useState<PostsOrder>({ key: 'impressions', direction: 'desc' });
  const [page, setPage] = useState(0);
  const posts = usePostsPage(range, platform, order, page);
  const total = posts.data?.total ?? report.post_count;
  const pages = Math.max(1, Math.ceil(total / POSTS_PAGE));
  const exporting = useAllPosts({
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
        <Button variant="outline" size="sm" onClick={() => exporting.mutate({ range, platform, order })} disabled={exporting.isPending || total === 0}>
          {exporting.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />} Posts CSV
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {posts.isError ? (
          <LoadError stacked onRetry={posts.refetch}>
            {toAppError(posts.error).message}
          </LoadError>
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
