import type { GalleryItem } from '@/components/studio/types';

/** A finished UGC ad: `url` is its MP4, `label` the product's name. */
export interface UgcVideo extends GalleryItem {
  jobId: string | null;
  hook: string | null;
  aspect: string | null;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}
