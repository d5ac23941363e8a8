import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { CAROUSEL } from '../lib/constants';
import { advance, dragTo, wrapOffset } from '../lib/loop';

/** A pointer that moved less than this is a click on a card, not a drag. */
const DRAG_THRESHOLD = 6;

interface Options {
  /** Width of one copy of the strip; the offset wraps here. */
  half: number;
  /** A video plays or the visitor paused: hold still. */
  paused: boolean;
  reducedMotion: boolean;
}

/**
 * docs/spec.md §4 carousel motion: 0.5 px per frame starting 1 s after the items arrive, held while
 * paused or dragged, resumed 1 s after a drag. Moves a transform (no layout work per frame) and
 * only animates while the strip is on screen and the tab is visible.
 */
export function useAutoScroll({ half, paused, reducedMotion }: Options) {
  const track = useRef<HTMLUListElement>(null);
  const offset = useRef(0);
  const [started, setStarted] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [resumeWait, setResumeWait] = useState(false);
  const [onScreen, setOnScreen] = useState(true);
  const drag = useRef<{ id: number; x: number; from: number; moved: boolean } | null>(null);
  const resumeTimer = useRef<number | undefined>(undefined);
  const suppressClick = useRef(false);

  const paint = useCallback(() => {
    if (track.current) track.current.style.transform = `translate3d(${-offset.current}px, 0, 0)`;
  }, [track]);

  useEffect(() => {
    offset.current = wrapOffset(offset.current, half);
    paint();
    if (half <= 0) return;
    const timer = window.setTimeout(() => setStarted(true), CAROUSEL.startDelayMs);
    return () => window.clearTimeout(timer);
  }, [half, paint]);

  useEffect(() => {
    const el = track.current?.parentElement;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(([entry]) => setOnScreen(!!entry?.isIntersecting));
    io.observe(el);
    return () => io.disconnect();
  }, [track]);

  const moving = started && !paused && !dragging && !resumeWait && !reducedMotion && onScreen && half > 0;
  useEffect(() => {
    if (!moving) return;
    let frame = 0;
    const tick = () => {
      if (document.visibilityState === 'visible') {
        offset.current = advance(offset.current, CAROUSEL.speed, half);
        paint();
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [moving, half, paint]);

  useEffect(() => () => window.clearTimeout(resumeTimer.current), []);

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    suppressClick.current = false;
    if (e.button !== 0 || half <= 0) return;
    drag.current = { id: e.pointerId, x: e.clientX, from: offset.current, moved: false };
  };

  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x;
    if (!d.moved && Math.abs(dx) < DRAG_THRESHOLD) return;
    if (!d.moved) {
      // Capture only once it is a real drag, so a plain click still reaches the card's button.
      d.moved = true;
      e.currentTarget.setPointerCapture(e.pointerId);
      window.clearTimeout(resumeTimer.current);
      setResumeWait(false);
      setDragging(true);
    }
    offset.current = dragTo(d.from, dx, half);
    paint();
  };

  const endDrag = (e: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    drag.current = null;
    if (!d.moved) return;
    suppressClick.current = true;
    setDragging(false);
    setResumeWait(true);
    resumeTimer.current = window.setTimeout(() => setResumeWait(false), CAROUSEL.dragResumeDelayMs);
  };

  /** A click that ended a drag must not also press the card under the pointer. */
  const onClickCapture = (e: MouseEvent<HTMLElement>) => {
    if (suppressClick.current) {
      suppressClick.current = false;
      e.stopPropagation();
      e.preventDefault();
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    offset.current = wrapOffset(offset.current + (e.key === 'ArrowRight' ? CAROUSEL.step : -CAROUSEL.step), half);
    paint();
  };

  return {
    track,
    dragging,
    moving,
    handlers: { onPointerDown, onPointerMove, onPointerUp: endDrag, onPointerCancel: endDrag, onClickCapture, onKeyDown },
  };
}
