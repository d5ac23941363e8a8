import { Eye, ImagePlus, Upload, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { formatMegabytes } from '@/lib/format';
import type { ImageFile } from '@/domains/jobs/use-image-file';
import { DropZone } from './drop-zone';
import { FilePreviewDialog } from './file-preview-dialog';
import { FileChecking, FileError } from './file-status';
import { FromLibraryButton } from './library-picker';
import { StudioCardHeader } from './studio-card-header';

interface Props {
  /** Names the file input: 'Choose an image to refine'. */
  inputLabel: string;
  /** The preview dialog's ready line: 'Ready for Image Refinement'. */
  readyText: string;
  /** The chosen photo (useImageFile). */
  image: ImageFile;
  disabled: boolean;
  /** The largest file, as the card states it (a studio's 50 MB unless a screen allows less). */
  maxSizeText?: string;
  /** Offer "From library" beside Choose Image (signed-in studios; a visitor has no library). */
  fromLibrary?: boolean;
}

/**
 * Upload Image card, shared by the image studios: drop area and picker, validating state, the
 * chosen photo with preview and remove, or the error box with Try Again.
 */
export function UploadCard({ inputLabel, readyText, image, disabled, maxSizeText = '50 MB', fromLibrary = false }: Props) {
  const { state } = image;
  const onSelect = (file: File | undefined) => void image.select(file);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [previewOpen, setPreviewOpen] = useState(false);
  const content = useRef<HTMLDivElement>(null);
  const shown = useRef(state.status);

  // Each state replaces the card's buttons (Choose Image → the photo's Preview and Remove → Choose
  // Image again, or Try Again): when the button that had the keyboard's focus is gone, focus goes to
  // the first button of what replaced it, not to the page.
  useEffect(() => {
    if (shown.current === state.status) return;
    shown.current = state.status;
    const active = document.activeElement;
    if (active && active !== document.body && !content.current?.contains(active)) return;
    content.current?.querySelector<HTMLElement>('button:not([disabled])')?.focus();
  }, [state.status]);

  const clear = () => {
    if (input.current) input.current.value = '';
    image.clear();
  };

  return (
    <Card>
      <StudioCardHeader icon={Upload} title="Upload Image" description={`JPEG, PNG, WebP, GIF or BMP, up to ${maxSizeText}.`} />
      <CardContent ref={content}>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          // The Choose button opens it: the hidden input is not a Tab stop of its own.
          tabIndex={-1}
          aria-label={inputLabel}
          disabled={disabled}
          onChange={(e) => onSelect(e.target.files?.[0])}
        />
        {state.status === 'validating' && <FileChecking title="Validating image..." hint="Checking file format and dimensions" />}
        {state.status === 'ready' && (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <img src={state.previewUrl} alt={`Selected: ${state.file.name}`} onError={image.previewFailed} className="size-40 shrink-0 rounded-lg border bg-muted object-contain" />
            <div className="flex min-w-0 flex-col gap-3">
              <div className="min-w-0">
                <p className="truncate font-medium" title={state.file.name}>
                  {state.file.name}
                </p>
                <p className="text-sm text-muted-foreground">{formatMegabytes(state.file.size)}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => setPreviewOpen(true)}>
                  <Eye /> Preview
                </Button>
                <Button variant="outline" size="sm" onClick={clear} disabled={disabled}>
                  <X /> Remove
                </Button>
              </div>
            </div>
            <FilePreviewDialog open={previewOpen} onOpenChange={setPreviewOpen} file={state.file} url={state.previewUrl} readyText={readyText} />
          </div>
        )}
        {state.status === 'error' && <FileError message={state.message} onRetry={clear} />}
        {state.status === 'empty' && (
          <DropZone disabled={disabled} onDropFiles={(files) => onSelect(files[0])} className="gap-3 py-10">
            <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
              <ImagePlus className="size-6" aria-hidden />
            </span>
            <div className="flex flex-wrap justify-center gap-2">
              <Button onClick={() => input.current?.click()} disabled={disabled}>
                Choose Image
              </Button>
              {fromLibrary && <FromLibraryButton max={1} onPick={(files) => onSelect(files[0])} disabled={disabled} />}
            </div>
            <p className="text-sm text-muted-foreground">or drag and drop your image here</p>
          </DropZone>
        )}
      </CardContent>
    </Card>
  );
}
