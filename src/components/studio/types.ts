/** A studio result as the shared gallery shows it. */
export interface GalleryItem {
  id: string;
  url: string;
  /** The badge and the accessible name: the preset, or the words the user asked for. */
  label: string;
  createdAt: string;
  /** Stored in the private processed bucket (false for a file an external tool sent back). */
  savedToStorage: boolean;
  /** Videos show their poster and play in the preview. */
  media?: 'image' | 'video';
  posterUrl?: string | null;
}

/** How a gallery names its items: 'Refined Images' / 'refined images', each result an image or a video. */
export interface GalleryWords {
  title: string;
  noun: string;
  /** One result and many, for counts: { one: 'image', other: 'images' }. */
  unit: { one: string; other: string };
  loading: string;
  emptyTitle: string;
  emptyHint: string;
}
