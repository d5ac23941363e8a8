import { Check, Coins, Download, Eye, Send, Trash2 } from 'lucide-react';
import { memo } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { badgeOf } from '../lib/content-types';
import { formatMegabytes } from '@/lib/format';
import { formatDate } from '../lib/format';
import type { ContentItem } from '../types';
import { ContentThumbnail } from './content-thumbnail';

interface ContentTileProps {
  item: ContentItem;
  bulkActive: boolean;
  selected: boolean;
  onToggle: (id: string) => void;
  onPreview: (item: ContentItem) => void;
  onDownload: (item: ContentItem) => void;
  onPost: (item: ContentItem) => void;
  onDelete: (item: ContentItem) => void;
}

/**
 * One library item. In select mode the whole tile is one checkbox (click, Space or Enter toggles
 * it) and the per-item actions are inert; otherwise Preview, Download, Post and Delete are buttons.
 */
export const ContentTile = memo(function ContentTile({ item, bulkActive, selected, onToggle, onPreview, onDownload, onPost, onDelete }: ContentTileProps) {
  const missing = !item.urls || item.urls.missing;
  return (
    <article
      aria-label={item.name}
      data-testid="content-tile"
      className={cn(
        '@container group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md',
        selected && 'ring-2 ring-primary ring-offset-2 ring-offset-background',
      )}
    >
      {/* The whole picture, whatever its aspect (a 9:16 story is not cropped to a square); the badge is below it. */}
      <div className="relative aspect-square overflow-hidden bg-muted">
        <ContentThumbnail item={item} />
        {bulkActive && (
          <span
            aria-hidden
            className={cn(
              'absolute right-2 top-2 flex size-6 items-center justify-center rounded-md border-2 shadow-sm',
              selected ? 'border-primary bg-primary text-primary-foreground' : 'border-white bg-black/30',
            )}
          >
            {selected && <Check className="size-4" />}
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-3">
        <Badge variant="secondary" className="max-w-full self-start truncate">
          {badgeOf(item)}
        </Badge>
        <h3 className="truncate text-sm font-semibold" title={item.name}>
          {item.name}
        </h3>
        <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
          <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
          <span className="tabular-nums">{formatMegabytes(item.sizeBytes)}</span>
        </div>
        <div className="flex items-center gap-1 text-xs text-muted-foreground">
          <Coins className="size-3.5 text-highlight" aria-hidden />
          <span>
            {item.creditsUsed} {item.creditsUsed === 1 ? 'credit' : 'credits'} used
          </span>
        </div>
        {/* In select mode a click selects the tile: its actions step back so they do not look live. */}
        {/* The words show where a quarter of the tile holds "Download" whole (a phone's full-width tile did not: 79 px of text in 77). */}
        <div className={cn('mt-auto grid grid-cols-4 gap-1.5 pt-1 transition-opacity', bulkActive && 'opacity-40')} inert={bulkActive}>
          <Button variant="outline" size="sm" onClick={() => onPreview(item)} disabled={missing} aria-label={`Preview ${item.name}`}>
            <Eye aria-hidden />
            <span className="hidden @min-[26rem]:inline">Preview</span>
          </Button>
          <Button variant="outline" size="sm" onClick={() => onDownload(item)} disabled={missing} aria-label={`Download ${item.name}`}>
            <Download aria-hidden />
            <span className="hidden @min-[26rem]:inline">Download</span>
          </Button>
          <Button variant="outline" size="sm" onClick={() => onPost(item)} disabled={missing} aria-label={`Post ${item.name}`}>
            <Send aria-hidden />
            <span className="hidden @min-[26rem]:inline">Post</span>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => onDelete(item)}
            aria-label={`Delete ${item.name}`}
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          >
            <Trash2 aria-hidden />
            <span className="hidden @min-[26rem]:inline">Delete</span>
          </Button>
        </div>
      </div>
      {bulkActive && (
        <button
          type="button"
          role="checkbox"
          aria-checked={selected}
          aria-label={`Select ${item.name}`}
          onClick={() => onToggle(item.id)}
          className="absolute inset-0 z-10 cursor-pointer rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
        />
      )}
    </article>
  );
});
