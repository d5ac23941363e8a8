import { Pause, RefreshCw, Volume2, VolumeX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { QueryScope } from '@/lib/query-scope';
import { cn } from '@/lib/utils';
import { useCarouselItems } from '../api/get-carousel-items';
import { useAutoScroll } from '../hooks/use-auto-scroll';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import { CAROUSEL } from '../lib/constants';
import { loopWidth } from '../lib/loop';
import { CarouselCard } from './carousel-card';
import { CarouselEmpty, CarouselLoading } from './carousel-states';

/**
 * The landing page's examples strip (docs/spec.md §2, §4, §9): portrait videos from the public
 * carousel bucket, auto-scrolling, draggable, one video at a time, refreshed every 30 s.
 * Default export: the landing page loads this chunk (and supabase-js) only when it comes near.
 */
function CarouselStrip() {
  const { data: items, isPending, isFetching, refetch } = useCarouselItems();
  const [playing, setPlaying] = useState<string | null>(null);
  const [userPaused, setUserPaused] = useState(false);
  const [muted, setMuted] = useState(true);
  const reducedMotion = useReducedMotion();

  const list = items ?? [];
  const paused = playing !== null || userPaused;
  const { track, handlers, dragging } = useAutoScroll({ half: loopWidth(list.length, CAROUSEL.step), paused, reducedMotion });

  const resume = () => {
    setPlaying(null);
    setUserPaused(false);
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="container flex flex-wrap items-center justify-center gap-2 sm:justify-end">
        {paused && !reducedMotion && (
          <button
            type="button"
            onClick={resume}
            className="mr-auto inline-flex h-8 items-center gap-2 rounded-full bg-highlight px-3 text-xs font-semibold text-highlight-foreground shadow-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <Pause className="size-3.5" aria-hidden /> Paused - Click to resume
          </button>
        )}
        {!paused && !reducedMotion && list.length > 0 && (
          <Button variant="ghost" size="sm" onClick={() => setUserPaused(true)}>
            <Pause aria-hidden /> Pause
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={() => setMuted((m) => !m)} aria-pressed={!muted}>
          {muted ? <VolumeX aria-hidden /> : <Volume2 aria-hidden />}
          {muted ? 'Unmute' : 'Mute'}
        </Button>
        <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw className={cn(isFetching && 'animate-spin')} aria-hidden /> Refresh Videos
        </Button>
      </div>

      {isPending ? (
        <CarouselLoading />
      ) : list.length === 0 ? (
        <CarouselEmpty />
      ) : (
        // The focusable region scrolls with the arrow keys; the strip inside moves by transform.
        <div
          role="region"
          aria-roledescription="carousel"
          aria-label="Example videos. Drag or use the arrow keys to scroll."
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
          tabIndex={0}
          className={cn(
            'relative overflow-hidden py-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
            '[mask-image:linear-gradient(to_right,transparent,black_6%,black_94%,transparent)]',
            dragging ? 'cursor-grabbing' : 'cursor-grab',
          )}
          style={{ touchAction: 'pan-y' }}
          data-testid="carousel-viewport"
          {...handlers}
        >
          <ul ref={track} className="flex w-max gap-6 pl-6 will-change-transform" data-testid="carousel-track">
            {[false, true].flatMap((duplicate) =>
              list.map((item) => {
                const key = `${duplicate ? 'b' : 'a'}:${item.id}`;
                return (
                  <CarouselCard
                    key={key}
                    item={item}
                    duplicate={duplicate}
                    muted={muted}
                    playing={playing === key}
                    onToggle={() => setPlaying((p) => (p === key ? null : key))}
                    onEnded={() => setPlaying((p) => (p === key ? null : p))}
                  />
                );
              }),
            )}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Default export, the lazily loaded section: it brings the data cache with it. */
export default function ExamplesCarousel() {
  return (
    <QueryScope>
      <CarouselStrip />
    </QueryScope>
  );
}
