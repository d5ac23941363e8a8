import { Pause, Play } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';
import { CAROUSEL } from '../lib/constants';
import type { CarouselItem } from '../lib/types';

interface Props {
  item: CarouselItem;
  playing: boolean;
  muted: boolean;
  /** The second copy of the strip: decorative, hidden from assistive tech and the tab order. */
  duplicate?: boolean;
  onToggle: () => void;
  onEnded: () => void;
}

/**
 * One portrait example video. Nothing but the poster loads until the visitor presses play
 * (preload none); the strip decides which card plays.
 */
export function CarouselCard({ item, playing, muted, duplicate = false, onToggle, onEnded }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const ended = useRef(onEnded);
  useEffect(() => {
    ended.current = onEnded;
  });

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    if (playing) el.play().catch(() => ended.current());
    else el.pause();
  }, [playing]);

  useEffect(() => {
    if (video.current) video.current.muted = muted;
  }, [muted]);

  return (
    <li
      className="relative shrink-0 overflow-hidden rounded-2xl border bg-muted shadow-sm ring-1 ring-black/5 select-none"
      style={{ width: CAROUSEL.cardWidth, aspectRatio: '9 / 16' }}
      aria-hidden={duplicate || undefined}
      inert={duplicate || undefined}
      data-testid={duplicate ? undefined : 'carousel-card'}
    >
      <video
        ref={video}
        src={item.url}
        poster={item.posterUrl ?? undefined}
        preload="none"
        muted
        playsInline
        draggable={false}
        onEnded={onEnded}
        className="size-full object-cover"
        aria-label={item.title}
      />
      <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent p-4 pt-12">
        <p className="text-sm font-semibold text-white">{item.title}</p>
      </div>
      <button
        type="button"
        onClick={onToggle}
        aria-pressed={playing}
        aria-label={`${playing ? 'Pause' : 'Play'} ${item.title}`}
        className={cn(
          'absolute top-3 right-3 grid size-10 place-items-center rounded-full bg-black/55 text-white backdrop-blur transition-opacity outline-none',
          'hover:bg-black/70 focus-visible:ring-[3px] focus-visible:ring-white/80',
        )}
      >
        {playing ? <Pause className="size-4" aria-hidden /> : <Play className="size-4 translate-x-px" aria-hidden />}
      </button>
    </li>
  );
}
