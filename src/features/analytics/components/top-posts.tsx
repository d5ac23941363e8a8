import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { platformName } from '@/domains/social/platforms';
import type { ReportPost } from '../api';
import { show } from './figures';

/** The period's top posts by impressions, with their library thumbnails where there are some. */
export function TopPosts({ posts, thumbnails }: { posts: ReportPost[]; thumbnails: Map<string, string> | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Top posts</CardTitle>
        <CardDescription>By impressions in this period.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol aria-label="Top posts" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {posts.map((p, i) => (
            <li key={p.post_id} className="flex flex-col gap-2 rounded-lg border p-3">
              {p.content_id && thumbnails?.get(p.content_id) ? (
                <img src={thumbnails.get(p.content_id)} alt="" className="aspect-square w-full rounded-md bg-muted object-cover" loading="lazy" />
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
  );
}
