import { ArrowRight, Loader2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { WidePageShell } from '@/components/layout/wide-page-shell';
import { Button } from '@/components/ui/button';
import { BRAND } from '@/config/brand';
import { paths } from '@/config/paths';
import { useCarouselItems } from '../api/get-carousel-items';

/**
 * /binder: a demo of what the studios make, for anyone (no account): the public sample videos,
 * each playable, and the way in to make one's own.
 */
export function BinderPage() {
  const items = useCarouselItems();
  const videos = (items.data ?? []).filter((i) => i.type === 'video');
  return (
    <WidePageShell
      title={`Demo: what ${BRAND.name} makes`}
      subtitle="Sample product videos made in the studios. Play any of them — no account needed."
      actions={
        <Button asChild>
          <Link to={paths.create}>
            Make your own <ArrowRight />
          </Link>
        </Button>
      }
    >
        {items.isPending ? (
          <p role="status" className="flex items-center gap-2 text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Loading samples…
          </p>
        ) : videos.length === 0 ? (
          <p className="text-muted-foreground">No samples yet.</p>
        ) : (
          <ul aria-label="Sample videos" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {videos.map((video) => (
              <li key={video.id} className="flex flex-col gap-2">
                <video src={video.url} poster={video.posterUrl ?? undefined} controls muted playsInline preload="none" className="aspect-[9/16] w-full rounded-lg bg-muted object-cover" aria-label={`Sample: ${video.title}`}>
                  <track kind="captions" />
                </video>
                <span className="truncate text-sm font-medium" title={video.title}>
                  {video.title}
                </span>
              </li>
            ))}
          </ul>
        )}
    </WidePageShell>
  );
}
