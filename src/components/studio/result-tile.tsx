import { Download, Package, Send, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatCreated } from './format-created';
import type { GalleryItem } from './types';

interface Props {
  item: GalleryItem;
  deleting: boolean;
  onOpen: () => void;
  onDownload: () => void;
  /** Opens the Share to Social Media dialog; only for results stored in the library. */
  onPost?: () => void;
  onDelete: () => void;
}

/**
 * One result: click (or Enter) opens the preview; Download, Post and Delete appear on hover and
 * on keyboard focus, and stay visible on touch screens. Post needs the result in the library.
 */
export function ResultTile({ item, deleting, onOpen, onDownload, onPost, onDelete }: Props) {
  const thumbnail = item.media === 'video' ? item.posterUrl : item.url;
  return (
    <li className="group relative overflow-hidden rounded-lg border bg-card">
      {/* Its focus ring is an outline drawn just inside its edge: outlines paint over the content, where
          the inset ring it had was painted under the picture, which hid its top. */}
      <button
        type="button"
        onClick={onOpen}
        className="block w-full rounded-lg text-left outline-none focus-visible:outline-solid focus-visible:outline-[3px] focus-visible:-outline-offset-3 focus-visible:outline-ring/50"
        aria-label={`Open ${item.label}, ${formatCreated(item.createdAt)}`}
      >
        {thumbnail ? (
          <img src={thumbnail} alt="" loading="lazy" className="aspect-square w-full bg-muted object-contain" />
        ) : (
          <span aria-hidden className="block aspect-square w-full bg-muted" />
        )}
        <span className="flex flex-col gap-1.5 p-3">
          <span className="flex items-center justify-between gap-2">
            <Badge variant="secondary" className="max-w-[80%] truncate">
              {item.label}
            </Badge>
            {item.savedToStorage && <Package className="size-4 shrink-0 text-muted-foreground" aria-label="Saved to storage" />}
          </span>
          {/* The words on the tile read 'label date', as its name does ('Open label, date'): a voice user says what they see. */}{' '}
          <span className="text-xs text-muted-foreground">{formatCreated(item.createdAt)}</span>
        </span>
      </button>
      <div className="absolute top-2 right-2 flex gap-1.5 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100">
        <Button size="icon-sm" variant="secondary" aria-label={`Download ${item.label}`} onClick={onDownload} className="shadow">
          <Download />
        </Button>
        {onPost && item.savedToStorage && (
          <Button size="icon-sm" variant="secondary" aria-label={`Post ${item.label}`} onClick={onPost} className="shadow">
            <Send />
          </Button>
        )}
        <Button size="icon-sm" variant="destructive" aria-label={`Delete ${item.label}`} onClick={onDelete} disabled={deleting} className="shadow">
          <Trash2 />
        </Button>
      </div>
    </li>
  );
}
