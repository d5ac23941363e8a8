import { Download } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { RefinedImage } from '../types';
import { CompareSlider } from './compare-slider';

interface Props {
  image: RefinedImage | null;
  onOpenChange: (open: boolean) => void;
  onDownload: (image: RefinedImage) => void;
}

export const formatCreated = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A refined image large, with a before/after slider when the original is still stored. */
export function RefinedPreviewDialog({ image, onOpenChange, onDownload }: Props) {
  return (
    <Dialog open={!!image} onOpenChange={onOpenChange}>
      {image && (
        <DialogContent className="max-w-3xl">
          <DialogHeader>
            <DialogTitle>Refined image</DialogTitle>
            <DialogDescription className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary" className="max-w-full truncate">
                {image.enhancement}
              </Badge>
              <span>Created {formatCreated(image.createdAt)}</span>
            </DialogDescription>
          </DialogHeader>
          {image.originalUrl ? (
            <CompareSlider before={image.originalUrl} after={image.url} alt={image.enhancement} />
          ) : (
            <img src={image.url} alt={`Refined image: ${image.enhancement}`} className="max-h-[60dvh] w-full rounded-lg bg-muted object-contain" />
          )}
          {image.applied.length > 0 && <p className="text-sm text-muted-foreground">Applied: {image.applied.join(', ')}</p>}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
            <Button onClick={() => onDownload(image)}>
              <Download /> Download
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
