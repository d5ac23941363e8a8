/** The sections the header follows, in page order. */
export const TRACKED_SECTIONS = ['home', 'features', 'testimonials', 'pricing'] as const;
export type SectionId = (typeof TRACKED_SECTIONS)[number];

/** A section counts as "in view" once this share of it (or of the viewport, if it is taller) shows. */
export const VISIBLE_SHARE = 0.3;

export interface SectionVisibility {
  /** Pixels of the section inside the viewport. */
  visible: number;
  /** The section's height. */
  height: number;
}

/**
 * How much of a section shows: its visible pixels over its own height, or over the viewport's
 * when the section is taller than the screen (a tall pricing grid on a phone is never 30% of
 * itself on screen, but it can fill the screen).
 */
export function visibleShare({ visible, height }: SectionVisibility, viewportHeight: number): number {
  const basis = Math.min(height, viewportHeight);
  return basis > 0 ? Math.min(1, Math.max(0, visible) / basis) : 0;
}

/**
 * docs/spec.md §2: the active nav item follows the section that is at least 30% visible. With several
 * above the bar the most visible wins (the earlier one on a tie); with none, the previous stays.
 */
export function pickActiveSection(
  visibility: Partial<Record<SectionId, SectionVisibility>>,
  viewportHeight: number,
  previous: SectionId,
): SectionId {
  let best: SectionId | null = null;
  let bestShare = 0;
  for (const id of TRACKED_SECTIONS) {
    const v = visibility[id];
    if (!v) continue;
    const share = visibleShare(v, viewportHeight);
    if (share >= VISIBLE_SHARE && share > bestShare) {
      best = id;
      bestShare = share;
    }
  }
  return best ?? previous;
}
