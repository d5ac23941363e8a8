import { ArrowDown, ArrowUp, ExternalLink } from 'lucide-react';
import { TableScroll } from '@/components/ui/table-scroll';
import { platformName } from '@/domains/social/platforms';
import { cn } from '@/lib/utils';
import type { PostsOrder, ReportPost, SortKey } from '../api';
import { show } from './figures';

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

/** A page of posts with their figures; each figure's heading sorts by it. */
export function PostsTable({ posts, sort, onSort, busy }: { posts: ReportPost[]; sort: PostsOrder; onSort: (key: SortKey) => void; busy: boolean }) {
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
