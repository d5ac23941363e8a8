/**
 * The seamless loop: the strip holds the items twice, side by side, and the offset wraps once it
 * has scrolled the first copy's width (docs/spec.md §4 "wraps once half of it has scrolled").
 */

/** Width of one copy of the strip. */
export function loopWidth(itemCount: number, step: number): number {
  return Math.max(0, itemCount) * step;
}

/** Any offset (drags go both ways) brought into [0, half). */
export function wrapOffset(offset: number, half: number): number {
  if (half <= 0 || !Number.isFinite(offset)) return 0;
  return ((offset % half) + half) % half;
}

/** One animation frame of auto-scroll. */
export function advance(offset: number, speed: number, half: number): number {
  return wrapOffset(offset + speed, half);
}

/** A drag moves the strip with the pointer: dragging left (negative dx) scrolls forward. */
export function dragTo(startOffset: number, dx: number, half: number): number {
  return wrapOffset(startOffset - dx, half);
}
