import type { GalleryItem } from '@/components/studio/types';

/**
 * A refined image as the studio shows it (docs/spec.md §3 "Refined image"). `label` is the enhancement:
 * the preset's label, or the custom text that was used.
 */
export interface RefinedImage extends GalleryItem {
  /** content_generations.id, or the job id of an unsaved result. */
  id: string;
  jobId: string | null;
  /** Signed URL of the uploaded original, for the before/after comparison. */
  originalUrl: string | null;
  /** The operations the worker applied, and words of a custom instruction it could not act on. */
  applied: string[];
  ignored: string[];
  /** What to know before using the result ("still too small for Etsy"). */
  warnings: string[];
  mimeType: string | null;
}
