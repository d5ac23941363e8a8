import type { GalleryItem } from '@/components/studio/types';

/** A finished spin: `url` is its MP4, `label` the product's name. */
export interface Spin extends GalleryItem {
  jobId: string | null;
  /** The viewer's frames, the loop and the poster, as stored in the videos bucket (signed on demand). */
  framePaths: string[];
  loopPath: string | null;
  loopFormat: 'gif' | 'webp';
  /** The turn's speed: frames per second. */
  fps: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}
