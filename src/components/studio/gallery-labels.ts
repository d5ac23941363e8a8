import { countOf } from '@/lib/format';
import type { GalleryWords } from './types';

type Unit = GalleryWords['unit'];

/** 'Download video' for one result, 'Download all 6 images' for more (and for none: the button is disabled). */
export function downloadAllLabel(count: number, unit: Unit): string {
  return count === 1 ? `Download ${unit.one}` : `Download all ${countOf(count, unit.one, unit.other)}`;
}

/** 'Refresh videos', 'Clear all images': the header's actions in the studio's own words. */
export const refreshLabel = (unit: Unit) => `Refresh ${unit.other}`;
export const clearAllLabel = (unit: Unit) => `Clear all ${unit.other}`;

/** 'Show all 6 images' — the gallery's way out of its pages. */
export const showAllLabel = (count: number, unit: Unit) => `Show all ${countOf(count, unit.one, unit.other)}`;
