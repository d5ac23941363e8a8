import { CheckCircle2 } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatMegabytes } from '@/lib/format';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  file: File;
  url: string;
  /** 'Ready for Image Refinement' */
  readyText: string;
}

/** The chosen photo at full size with its name, size and type. */
export function FilePreviewDialog({ open, onOpenChange, file, url, readyText }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle className="truncate pr-6">{file.name}</DialogTitle>
          <DialogDescription>Image preview</DialogDescription>
        </DialogHeader>
        <img src={url} alt={`Preview of ${file.name}`} className="max-h-[60dvh] w-full rounded-lg bg-muted object-contain" />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Name</dt>
          <dd className="truncate">{file.name}</dd>
          <dt className="text-muted-foreground">Size</dt>
          <dd>{formatMegabytes(file.size)}</dd>
          <dt className="text-muted-foreground">Type</dt>
          <dd>{file.type || 'Unknown'}</dd>
        </dl>
        <p className="flex items-center gap-2 text-sm font-medium text-success">
          <CheckCircle2 className="size-4" aria-hidden /> {readyText}
        </p>
      </DialogContent>
    </Dialog>
  );
}
