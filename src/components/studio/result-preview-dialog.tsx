import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatCreated } from './format-created';
import type { GalleryItem } from './types';

interface Props<T extends GalleryItem> {
  /** 'Refined image' */
  title: string;
  item: T | null;
  onOpenChange: (open: boolean) => void;
  onDownload: (item: T) => void;
  /** Replaces the plain image or video, e.g. a before/after slider. */
  media?: (item: T) => ReactNode;
  /** Lines under the media, e.g. what was applied. */
  details?: (item: T) => ReactNode;
}

/** A studio result large, with its label, creation date, Download and Close. */
export function ResultPreviewDialog<T extends GalleryItem>({ title, item, onOpenChange, onDownload, media, details }: Props<T>) {
  return (
    <Dialog open={!!item} onOpenChange={onOpenChange}>
      {item && (
        <DialogContent className="max-w-3xl">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary" className="max-w-full truncate">
                {item.label}
              </Badge>
              <span>Created {formatCreated(item.createdAt)}</span>
            </DialogDescription>
          </DialogHeader>
          {media?.(item) ??
            (item.media === 'video' ? (
              <video src={item.url} poster={item.posterUrl ?? undefined} controls playsInline className="max-h-[60dvh] w-full rounded-lg bg-muted" aria-label={`${title}: ${item.label}`}>
                {/* Generated product videos have no spoken words to caption. */}
                <track kind="captions" />
              </video>
            ) : (
              <img src={item.url} alt={`${title}: ${item.label}`} className="max-h-[60dvh] w-full rounded-lg bg-muted object-contain" />
            ))}
          {details?.(item)}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
            <Button onClick={() => onDownload(item)}>
              <Download /> Download
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
