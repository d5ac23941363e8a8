import { Check, Film, Library, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toAppError } from '@/lib/errors';
import { libraryFiles, useLibraryImages, type LibraryImage, type LibraryInputFilter, type LibraryPick } from '@/domains/library/library-input';
import { cn } from '@/lib/utils';

const IMAGE_FILTERS: { value: LibraryInputFilter; label: string }[] = [
  { value: 'all', label: 'All images' },
  { value: 'lightbox', label: 'Lightbox' },
  { value: 'refine_image', label: 'Refined' },
  { value: 'facebook_ad', label: 'Ad variations' },
];
const POSTABLE_FILTERS: { value: LibraryInputFilter; label: string }[] = [
  { value: 'all', label: 'Everything' },
  ...IMAGE_FILTERS.slice(1),
  { value: 'ugc_video', label: 'UGC videos' },
  { value: '360_video', label: '360° spins' },
];
const TYPE_LABEL: Record<LibraryImage['type'], string> = { lightbox: 'Lightbox', refine_image: 'Refined', facebook_ad: 'Ad variation', ugc_video: 'UGC video', '360_video': '360° spin' };

interface PickerProps {
  /** How many the studio takes (1: picking one replaces the last). */
  max: number;
  /** Given the picked images as Files, in the order picked; the studio treats them as chosen photos. */
  onPick: (files: File[]) => void;
  disabled?: boolean;
  size?: 'sm' | 'default';
}

/** "From library" beside every studio's upload: the user's own images as the studio's input, never uploaded again. */
export function FromLibraryButton({ max, onPick, disabled, size = 'default' }: PickerProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" size={size} onClick={() => setOpen(true)} disabled={disabled}>
        <Library aria-hidden /> From library
      </Button>
      {open && <LibraryPickerDialog max={max} onPick={onPick} onClose={() => setOpen(false)} />}
    </>
  );
}

interface DialogProps {
  max: number;
  onClose: () => void;
  /** The picked items as Files (a studio's input)... */
  onPick?: (files: File[]) => void;
  /** ...or as library items (the planner posts them as they are stored). */
  onPickItems?: (items: LibraryImage[]) => void;
  /** A studio's inputs (images), or everything that can be posted. */
  pick?: LibraryPick;
}

/** The user's library in a dialog: filter by type, pick one or several in order. */
export function LibraryPickerDialog({ max, onPick, onPickItems, onClose, pick = 'images' }: DialogProps) {
  const [filter, setFilter] = useState<LibraryInputFilter>('all');
  const [picked, setPicked] = useState<LibraryImage[]>([]);
  const [fetching, setFetching] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const list = useLibraryImages(filter, true, pick);
  const filters = pick === 'images' ? IMAGE_FILTERS : POSTABLE_FILTERS;
  const what = pick === 'images' ? 'image' : 'item';
  const images = list.data?.pages.flatMap((p) => p.items) ?? [];

  const toggle = (image: LibraryImage) => {
    setFailure(null);
    setPicked((current) => {
      if (current.some((p) => p.id === image.id)) return current.filter((p) => p.id !== image.id);
      if (max === 1) return [image];
      return current.length >= max ? current : [...current, image];
    });
  };

  const use = async () => {
    setFetching(true);
    setFailure(null);
    try {
      if (onPickItems) onPickItems(picked);
      if (onPick) onPick(await libraryFiles(picked));
      onClose();
    } catch (error) {
      setFailure(toAppError(error, 'Failed to use the photo from your library').message);
    } finally {
      setFetching(false);
    }
  };

  const noun = picked.length === 1 ? what : `${what}s`;
  return (
    <Dialog open onOpenChange={(open) => !open && !fetching && onClose()}>
      <DialogContent className="flex max-h-[90dvh] max-w-3xl flex-col gap-4">
        <DialogHeader>
          <DialogTitle>Choose from your library</DialogTitle>
          <DialogDescription>
            {max === 1 ? `Pick one ${what} you made in Shotcraft.` : `Pick up to ${max} ${what}s you made in Shotcraft, in the order you want them.`} It is used as it is stored: nothing is uploaded again.
          </DialogDescription>
        </DialogHeader>
        <div role="group" aria-label="Show" className="flex flex-wrap gap-2">
          {filters.map((f) => (
            <Button key={f.value} type="button" size="sm" variant={filter === f.value ? 'default' : 'outline'} aria-pressed={filter === f.value} onClick={() => setFilter(f.value)}>
              {f.label}
            </Button>
          ))}
        </div>
        <div className="min-h-40 flex-1 overflow-y-auto" aria-busy={list.isPending}>
          {list.isPending && (
            <p role="status" className="flex items-center gap-2 py-10 text-sm text-muted-foreground">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Loading your library...
            </p>
          )}
          {list.isError && (
            <div role="alert" className="flex flex-col items-start gap-2 py-6 text-sm">
              <p className="text-destructive">{toAppError(list.error, 'Failed to fetch media library').message}</p>
              <Button type="button" variant="outline" size="sm" onClick={() => void list.refetch()}>
                Try Again
              </Button>
            </div>
          )}
          {list.isSuccess && images.length === 0 && (
            <p className="py-10 text-sm text-muted-foreground">No images here yet. What you make in Lightbox, Refine and the Ad Analyzer's variations appears in your library, ready to use again.</p>
          )}
          {images.length > 0 && (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
              {images.map((image) => {
                const order = picked.findIndex((p) => p.id === image.id);
                const selected = order >= 0;
                return (
                  <li key={image.id} className="min-w-0">
                    <button
                      type="button"
                      aria-pressed={selected}
                      onClick={() => toggle(image)}
                      className={cn(
                        'relative flex w-full flex-col overflow-hidden rounded-lg border text-left outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
                        selected ? 'border-primary ring-2 ring-primary' : 'hover:border-primary/60',
                      )}
                    >
                      <span className="grid aspect-square place-items-center bg-muted">
                        {image.thumbnailUrl ? <img src={image.thumbnailUrl} alt="" className="size-full object-contain" loading="lazy" /> : image.kind === 'video' ? <Film className="size-6 text-muted-foreground" aria-hidden /> : <Library className="size-6 text-muted-foreground" aria-hidden />}
                      </span>
                      <span className="block min-w-0 px-2 py-1.5">
                        <span className="block truncate text-sm font-medium" title={image.name}>
                          {image.name}
                        </span>
                        <span className="block text-xs text-muted-foreground">
                          {TYPE_LABEL[image.type]}
                          {image.width && image.height ? ` · ${image.width}×${image.height}` : ''}
                        </span>
                      </span>
                      {selected && (
                        <span className="absolute right-2 top-2 grid size-6 place-items-center rounded-full bg-primary text-xs font-semibold text-primary-foreground" aria-hidden>
                          {max === 1 ? <Check className="size-4" /> : order + 1}
                        </span>
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {list.hasNextPage && (
            <div className="flex justify-center pt-4">
              <Button type="button" variant="outline" size="sm" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? 'Loading...' : 'Show more'}
              </Button>
            </div>
          )}
        </div>
        {failure && (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        )}
        <DialogFooter className="items-center gap-2 sm:justify-between">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {max > 1 ? `${picked.length} of up to ${max} picked` : picked.length ? `${picked[0]!.name} picked` : 'Nothing picked yet'}
          </p>
          <div className="flex gap-2">
            <Button type="button" variant="outline" onClick={onClose} disabled={fetching}>
              Cancel
            </Button>
            <Button type="button" onClick={() => void use()} disabled={picked.length === 0 || fetching}>
              {fetching ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {fetching ? 'Getting it ready...' : max === 1 ? `Use this ${what}` : `Use ${picked.length || ''} ${noun}`.replace('  ', ' ')}
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
