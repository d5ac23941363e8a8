import { Maximize, Minimize, Pause, Play } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export interface SpinViewerProps {
  /** Image URLs in rotation order. */
  frames: string[];
  /** The accessible name, e.g. '360° view of Blue mug'. */
  label: string;
  /** Autoplay speed in frames per second (default 12). */
  fps?: number;
  /** Default true; never when the visitor prefers reduced motion. */
  autoplay?: boolean;
  className?: string;
}

const reducedMotion = () => typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
const wrap = (i: number, n: number) => ((i % n) + n) % n;

/**
 * A 360° spin users turn themselves (Sirv, Photoroom): drag or swipe across it (one width is one
 * turn; vertical swipes still scroll the page), arrow keys, Home/End, Space to play or pause;
 * autoplay at the spin's own speed, and fullscreen. All frames are preloaded so turning never
 * waits; a frame that fails to load is skipped.
 */
export function SpinViewer(props: SpinViewerProps) {
  // A new spin starts afresh: first frame, its own preloading.
  return <Viewer key={props.frames.join('\n')} {...props} />;
}

function Viewer({ frames, label, fps = 12, autoplay = true, className }: SpinViewerProps) {
  // Keyed on the list's contents: within one viewer the frames never change.
  const [given] = useState(frames);
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const [loaded, setLoaded] = useState(0);
  const shown = given.filter((f) => !broken.has(f));
  const count = Math.max(1, shown.length);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => autoplay && !reducedMotion());
  const [fullscreen, setFullscreen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; start: number; width: number } | null>(null);
  const canFullscreen = typeof document !== 'undefined' && document.fullscreenEnabled === true;

  // Every frame is preloaded, so turning never waits for the network.
  useEffect(() => {
    let alive = true;
    for (const url of given) {
      const img = new Image();
      img.onload = () => alive && setLoaded((n) => n + 1);
      img.onerror = () => {
        if (!alive) return;
        setLoaded((n) => n + 1);
        setBroken((b) => new Set(b).add(url));
      };
      img.src = url;
    }
    return () => {
      alive = false;
    };
  }, [given]);

  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = setInterval(() => setIndex((i) => wrap(i + 1, count)), 1000 / Math.max(1, fps));
    return () => clearInterval(timer);
  }, [playing, count, fps]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === container.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const go = useCallback((next: number) => setIndex(wrap(next, count)), [count]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, start: index, width: e.currentTarget.getBoundingClientRect().width || e.currentTarget.clientWidth || 1 };
    setPlaying(false);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    go(d.start + Math.round(((e.clientX - d.x) / d.width) * count));
  };
  const endDrag = () => {
    drag.current = null;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, () => void> = {
      ArrowRight: () => go(index + 1),
      ArrowUp: () => go(index + 1),
      ArrowLeft: () => go(index - 1),
      ArrowDown: () => go(index - 1),
      Home: () => go(0),
      End: () => go(count - 1),
    };
    if (e.key === ' ') {
      e.preventDefault();
      setPlaying((p) => !p);
      return;
    }
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    setPlaying(false);
    move();
  };

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void container.current?.requestFullscreen();
  };

  const current = shown[wrap(index, count)];
  const loading = loaded < given.length;

  return (
    <div ref={container} className={cn('flex flex-col gap-2', fullscreen && 'justify-center bg-background p-4', className)}>
      <div
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-valuemin={1}
        aria-valuemax={shown.length}
        aria-valuenow={wrap(index, count) + 1}
        aria-valuetext={`Frame ${wrap(index, count) + 1} of ${shown.length}`}
        data-frame={wrap(index, count)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
        className={cn(
          'relative w-full cursor-grab touch-pan-y overflow-hidden rounded-lg bg-muted outline-none select-none focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing',
          fullscreen && 'flex-1',
        )}
      >
        {current && <img src={current} alt="" draggable={false} className={cn('pointer-events-none w-full object-contain', fullscreen ? 'h-full' : 'max-h-[70dvh]')} />}
        {loading && (
          <span role="status" className="absolute inset-x-0 bottom-2 mx-auto w-fit rounded-full bg-background/80 px-3 py-1 text-xs text-muted-foreground">
            Loading {loaded} of {given.length}…
          </span>
        )}
      </div>
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" size="sm" aria-label={playing ? 'Pause rotation' : 'Play rotation'} onClick={() => setPlaying((p) => !p)}>
          {playing ? <Pause /> : <Play />} {playing ? 'Pause' : 'Play'}
        </Button>
        <span aria-hidden className="text-xs text-muted-foreground">
          Drag to rotate
        </span>
        {canFullscreen && (
          <Button variant="outline" size="sm" aria-label={fullscreen ? 'Exit full screen' : 'Full screen'} onClick={toggleFullscreen}>
            {fullscreen ? <Minimize /> : <Maximize />}
          </Button>
        )}
      </div>
    </div>
  );
}
