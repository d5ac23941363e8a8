import { ChevronLeft, ChevronRight, ImageIcon, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { showAllLabel } from './gallery-labels';
import { PAGE_SIZE, pageOf } from './pager';
import { ResultTile } from './result-tile';
import type { GalleryItem, GalleryWords } from './types';
import { StudioCardHeader } from './studio-card-header';

interface Props<T extends GalleryItem> {
  words: GalleryWords;
  images: T[];
  loading: boolean;
  loadError: string | null;
  deletingIds: ReadonlySet<string>;
  onRetry: () => void;
  onOpen: (image: T) => void;
  onDownload: (image: T) => void;
  onPost?: (image: T) => void;
  onDelete: (image: T) => void;
}

/**
 * A studio's results: the most recent, 3 per page, with dots, previous/next and 'N of M' — and
 * 'Show all N images', so every result the header counts is one click away.
 */
export function ResultsGallery<T extends GalleryItem>({ words, images, loading, loadError, deletingIds, onRetry, onOpen, onDownload, onPost, onDelete }: Props<T>) {
  const [page, setPage] = useState(0);
  const [showAll, setShowAll] = useState(false);
  const view = pageOf(images, page);
  const shown = showAll ? images : view.items;
  const titleId = useId();
  const Noun = words.noun.charAt(0).toUpperCase() + words.noun.slice(1);

  return (
    <Card aria-labelledby={titleId}>
      <StudioCardHeader icon={ImageIcon} title={words.title} titleId={titleId} />
      <CardContent className="flex flex-col gap-4">
        {loading && images.length === 0 ? (
          <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden /> {words.loading}
          </p>
        ) : loadError && images.length === 0 ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center text-sm">
            <p className="text-muted-foreground">{loadError}</p>
            <Button variant="outline" size="sm" onClick={onRetry}>
              Try Again
            </Button>
          </div>
        ) : images.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed py-10 text-center">
            <ImageIcon className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">{words.emptyTitle}</p>
            <p className="text-sm text-muted-foreground">{words.emptyHint}</p>
          </div>
        ) : (
          <>
            <ul aria-label={showAll ? `${Noun}, all ${images.length}` : `${Noun}, page ${view.label}`} className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              {shown.map((image) => (
                <ResultTile
                  key={image.id}
                  item={image}
                  deleting={deletingIds.has(image.id)}
                  onOpen={() => onOpen(image)}
                  onDownload={() => onDownload(image)}
                  onPost={onPost && (() => onPost(image))}
                  onDelete={() => onDelete(image)}
                />
              ))}
            </ul>
            {view.showPager && showAll && (
              <Button variant="outline" size="sm" className="self-center" onClick={() => setShowAll(false)}>
                Show {PAGE_SIZE} per page
              </Button>
            )}
            {view.showPager && !showAll && (
              <nav aria-label={`${Noun} pages`} className="flex flex-wrap items-center justify-center gap-x-3 gap-y-2">
                <Button variant="outline" size="icon-sm" aria-label="Previous page" disabled={view.page === 0} onClick={() => setPage(view.page - 1)}>
                  <ChevronLeft />
                </Button>
                {/* Each dot is a 24 px target (WCAG 2.5.8) around the 10 px dot it shows. */}
                <div className="flex items-center">
                  {Array.from({ length: view.pageCount }, (_, i) => (
                    <button
                      key={i}
                      type="button"
                      aria-label={`Page ${i + 1}`}
                      aria-current={i === view.page ? 'page' : undefined}
                      onClick={() => setPage(i)}
                      className="group grid size-6 place-items-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                    >
                      <span aria-hidden className={cn('size-2.5 rounded-full transition-colors', i === view.page ? 'bg-primary' : 'bg-muted-foreground/30 group-hover:bg-muted-foreground/60')} />
                    </button>
                  ))}
                </div>
                <span className="text-sm tabular-nums text-muted-foreground">{view.label}</span>
                <Button variant="outline" size="icon-sm" aria-label="Next page" disabled={view.page >= view.pageCount - 1} onClick={() => setPage(view.page + 1)}>
                  <ChevronRight />
                </Button>
                <Button variant="link" size="sm" onClick={() => setShowAll(true)}>
                  {showAllLabel(images.length, words.unit)}
                </Button>
              </nav>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
