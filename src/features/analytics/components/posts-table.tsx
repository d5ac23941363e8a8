import { ArrowDown, ArrowUp, ExternalLink } from 'lucide-react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
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
    <Table label="Posts and their figures" className={cn('min-w-[720px] transition-opacity', busy && 'opacity-60')} aria-busy={busy || undefined}>
      <TableHeader>
        <TableRow header>
          {COLUMNS.map((c) => (
            <TableHead key={c.key} aria-sort={sort.key === c.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'} className={cn('pr-3', c.numeric && 'text-right')}>
              <button type="button" onClick={() => onSort(c.key)} className="inline-flex items-center gap-1 rounded outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50">
                {c.label}
                {sort.key === c.key && (sort.direction === 'asc' ? <ArrowUp className="size-3" aria-hidden /> : <ArrowDown className="size-3" aria-hidden />)}
              </button>
            </TableHead>
          ))}
          <TableHead>
            Caption
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {posts.map((p) => (
          <TableRow key={p.post_id}>
            <TableCell className="pr-3 whitespace-nowrap">{new Date(p.posted_at).toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}</TableCell>
            <TableCell className="pr-3 whitespace-nowrap">
              {p.post_url ? (
                <a href={p.post_url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 underline-offset-4 hover:underline">
                  {platformName(p.platform)} <ExternalLink className="size-3" aria-hidden />
                </a>
              ) : (
                platformName(p.platform)
              )}
            </TableCell>
            {(['impressions', 'reach', 'likes', 'comments', 'shares', 'saves', 'video_views'] as const).map((k) => (
              <TableCell key={k} className="pr-3 text-right tabular-nums">
                {show(p[k])}
              </TableCell>
            ))}
            <TableCell className="max-w-[280px] truncate" title={p.caption}>
              {p.caption}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
