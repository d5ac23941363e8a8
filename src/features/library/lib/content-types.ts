import { LIBRARY_CONTENT_TYPES } from '@/lib/jobs/contract';
import type { ContentFilter, LibraryContentType } from '../types';

/** The badge on a tile (SPEC.md §2). */
export const TYPE_BADGE: Record<LibraryContentType, string> = {
  lightbox: 'Lightbox Image',
  refine_image: 'Refined Image',
  '360_video': '360° Video',
  ugc_video: 'UGC Video',
  facebook_ad: 'Facebook Ad',
};

/** The filter chips, in the order SPEC.md §2 lists them. */
export const FILTER_CHIPS: readonly { value: ContentFilter; label: string }[] = [
  { value: 'all', label: 'All Content' },
  { value: 'lightbox', label: 'Lightbox' },
  { value: 'refine_image', label: 'Refined Images' },
  { value: '360_video', label: '360° Videos' },
  { value: 'ugc_video', label: 'UGC Videos' },
  { value: 'facebook_ad', label: 'Facebook Ads' },
];

export function filterLabel(filter: ContentFilter): string {
  return FILTER_CHIPS.find((c) => c.value === filter)?.label ?? 'content';
}

export const VIDEO_TYPES: ReadonlySet<LibraryContentType> = new Set(['360_video', 'ugc_video']);

export function isLibraryContentType(value: unknown): value is LibraryContentType {
  return typeof value === 'string' && (LIBRARY_CONTENT_TYPES as readonly string[]).includes(value);
}
