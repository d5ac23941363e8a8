import { Download, Send } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useMadeFrom } from '../api/made-from';
import { badgeOf } from '../lib/content-types';
import { formatMegabytes } from '@/lib/format';
import { formatDate } from '../lib/format';
import type { ContentItem } from '../types';

interface PreviewContentDialogProps {
  item: ContentItem | null;
  onOpenChange: (open: boolean) => void;
  onDownload: (item: ContentItem) => void;
  onPost: (item: ContentItem) => void;
  /** Shows another item in this dialog (what this one was made from). */
  onOpenItem: (item: ContentItem) => void;
}

/** The full-size item: a video with controls, or the image. */
export function PreviewContentDialog({ item, onOpenChange, onDownload, onPost, onOpenItem }: PreviewContentDialogProps) {
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
            <MadeFrom item={item} onOpen={onOpenItem} />
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

/** "Made from …": the library items this result's studio took as its input, each one a click away. */
function MadeFrom({ item, onOpen }: { item: ContentItem; onOpen: (item: ContentItem) => void }) {
  const { data: sources } = useMadeFrom(item.id);
  if (!sources?.length) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-1 gap-y-1 text-sm text-muted-foreground">
      <span>Made from</span>
      {sources.map((source, i) => (
        <span key={source.id} className="min-w-0">
          <Button variant="link" className="h-auto max-w-full truncate p-0 align-baseline" onClick={() => onOpen(source)}>
            {source.name} ({badgeOf(source)})
          </Button>
          {i < sources.length - 1 ? ',' : ''}
        </span>
      ))}
    </p>
  );
}
