import { LIBRARY_CONTENT_TYPES } from '@shotcraft/shared/jobs/contract.ts';
import { AD_PLACEMENTS, type AdPlacement } from '@shotcraft/shared/jobs/studios/ads.ts';
import type { ContentFilter, ContentItem, LibraryContentType } from '../types';

/** The badge on a tile (docs/spec.md §2). */
export const TYPE_BADGE: Record<LibraryContentType, string> = {
  lightbox: 'Lightbox Image',
  refine_image: 'Refined Image',
  '360_video': '360° Video',
  ugc_video: 'UGC Video',
  facebook_ad: 'Facebook Ad',
};

/** What a tile's badge says: its type, or for an ad variation the placement it was made for ('Stories & Reels 9:16 Ad'). */
export function badgeOf(item: Pick<ContentItem, 'type' | 'placement'>): string {
  return item.type === 'facebook_ad' && item.placement ? `${AD_PLACEMENTS[item.placement].label} Ad` : TYPE_BADGE[item.type];
}

/** A placement named in a row's metadata, if it is one we know. */
export function asPlacement(value: unknown): AdPlacement | undefined {
  return typeof value === 'string' && Object.hasOwn(AD_PLACEMENTS, value) ? (value as AdPlacement) : undefined;
}

/** A chip's label per content type: a Record, so a new library type cannot go without a chip. */
const CHIP_LABEL: Record<LibraryContentType, string> = {
  lightbox: 'Lightbox',
  refine_image: 'Refined Images',
  '360_video': '360° Videos',
  ugc_video: 'UGC Videos',
  facebook_ad: 'Facebook Ads',
};

/** The filter chips, in the order docs/spec.md §2 lists them (the contract keeps that order): every library type has one. */
export const FILTER_CHIPS: readonly { value: ContentFilter; label: string }[] = [
  { value: 'all', label: 'All Content' },
  ...LIBRARY_CONTENT_TYPES.map((value) => ({ value, label: CHIP_LABEL[value] })),
];

export function filterLabel(filter: ContentFilter): string {
  return FILTER_CHIPS.find((c) => c.value === filter)?.label ?? 'content';
}

export const VIDEO_TYPES: ReadonlySet<LibraryContentType> = new Set(['360_video', 'ugc_video']);

export function isLibraryContentType(value: unknown): value is LibraryContentType {
  return typeof value === 'string' && (LIBRARY_CONTENT_TYPES as readonly string[]).includes(value);
}
