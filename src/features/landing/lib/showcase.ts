/**
 * What the studios made from the fixtures' product photos: `scripts/make-showcase.ts` writes the
 * files under public/showcase/ and their list, `showcase-data.ts` — before/after stills for the
 * examples section, and the videos the devstack seeds into the landing carousel.
 */
export interface ShowcaseStill {
  studio: string;
  title: string;
  before: string;
  after: string;
}

export interface ShowcaseVideo {
  studio: string;
  /** The carousel file's stem: its card title ('blue-mug-video-ad' → 'Blue Mug Video Ad'). */
  slug: string;
  file: string;
  poster: string;
}

export interface Showcase {
  stills: ShowcaseStill[];
  videos: ShowcaseVideo[];
}
