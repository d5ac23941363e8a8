import { Download, Send } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { badgeOf } from '../lib/content-types';
import { formatMegabytes } from '@/lib/format';
import { formatDate } from '../lib/format';
import type { ContentItem } from '../types';

interface PreviewContentDialogProps {
  item: ContentItem | null;
  onOpenChange: (open: boolean) => void;
  onDownload: (item: ContentItem) => void;
  onPost: (item: ContentItem) => void;
}

/** The full-size item: a video with controls, or the image. */
export function PreviewContentDialog({ item, onOpenChange, onDownload, onPost }: PreviewContentDialogProps) {
  const url = item?.urls?.url ?? null;
  return (
    <Dialog open={item !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] w-[calc(100vw-2rem)] max-w-4xl overflow-y-auto">
        {item && (
          <>
            <DialogHeader>
              <DialogTitle className="truncate pr-8">{item.name}</DialogTitle>
              <DialogDescription className="flex flex-wrap items-center gap-2">
                <Badge variant="secondary">{badgeOf(item)}</Badge>
                <span>{formatDate(item.createdAt)}</span>
                <span aria-hidden>·</span>
                <span>{formatMegabytes(item.sizeBytes)}</span>
              </DialogDescription>
            </DialogHeader>
            <div className="flex justify-center overflow-hidden rounded-lg bg-black/90">
              {url && item.kind === 'video' && (
                <video src={url} controls autoPlay playsInline className="max-h-[65dvh] w-auto max-w-full" aria-label={item.name}>
                  <track kind="captions" />
                </video>
              )}
              {url && item.kind === 'image' && <img src={url} alt={item.name} className="max-h-[65dvh] w-auto max-w-full object-contain" />}
            </div>
            <div className="flex justify-end gap-2">
              <Button
                variant="outline"
                onClick={() => {
                  onOpenChange(false);
                  onPost(item);
                }}
              >
                <Send aria-hidden />
                Post
              </Button>
              <Button variant="outline" onClick={() => onDownload(item)}>
                <Download aria-hidden />
                Download
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
