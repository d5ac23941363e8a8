/** docs/spec.md §9 "Carousel" numbers, in one place. */
export const CAROUSEL = {
  bucket: 'carousel',
  /** Root listing limit (docs/spec.md §7: 50 or 100). */
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
 * The showcase videos the devstack seeds (public/showcase, made by scripts/make-showcase.ts). When
 * listing the bucket fails the carousel still shows them from their public URLs (docs/spec.md §8
 * "Logged only").
 */
export const FALLBACK_VIDEO_FILES = [
  '1763769600000_blue-mug-video-ad.mp4',
  '1763769600000_gift-box-360-spin.mp4',
  '1763769600000_herb-tonic-video-ad.mp4',
  '1763769600000_marble-water-bottle-video-ad.mp4',
  '1763769600000_studio-mug-video-ad.mp4',
  '1763769600000_travel-bottle-video-ad.mp4',
] as const;
