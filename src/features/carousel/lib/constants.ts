/** SPEC.md §9 "Carousel" numbers, in one place. */
export const CAROUSEL = {
  bucket: 'carousel',
  /** Root listing limit (SPEC.md §7: 50 or 100). */
  listLimit: 100,
  maxItems: 20,
  cardWidth: 256,
  /** Card width plus the gap: the distance from one card to the next. */
  step: 280,
  /** Pixels per animation frame. */
  speed: 0.5,
  startDelayMs: 1000,
  dragResumeDelayMs: 1000,
  refreshMs: 30_000,
} as const;

/**
 * The known demo videos (the devstack seeds these names). When listing the bucket fails the
 * carousel still shows them from their public URLs (SPEC.md §8 "Logged only").
 */
export const FALLBACK_VIDEO_FILES = [
  '1763769600000_ceramic-mug.mp4',
  '1763769600000_running-sneaker.mp4',
  '1763769600000_eau-de-parfum.mp4',
  '1763769600000_wireless-headphones.mp4',
  '1763769600000_vitamin-c-serum.mp4',
  '1763769600000_classic-watch.mp4',
  '1763769600000_aviator-sunglasses.mp4',
  '1763769600000_cold-brew-can.mp4',
] as const;
