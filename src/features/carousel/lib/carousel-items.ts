import { CAROUSEL } from './constants';
import type { CarouselItem, StorageEntry } from './types';

const VIDEO_EXT = /\.(mp4|mov|webm)$/i;
const IMAGE_EXT = /\.(jpe?g|png|webp)$/i;
const TIMESTAMP_PREFIX = /^\d{10,}[_-]/;

/** 'a/1763769600000_ceramic-mug.mp4' → 'ceramic-mug.mp4' (docs/spec.md §3: leading timestamp removed). */
export function stripTimestampPrefix(fileName: string): string {
  return fileName.replace(TIMESTAMP_PREFIX, '');
}

const stem = (fileName: string) => fileName.replace(/\.[^.]+$/, '');

/** Short words a title keeps in lower case inside it (English, and the French and Spanish of product names). */
const MINOR_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'de', 'del', 'des', 'du', 'et', 'for', 'in', 'la', 'le', 'of', 'on', 'or', 'the', 'to', 'with', 'y']);

/** 'ceramic-mug.mp4' → 'Ceramic Mug', 'eau-de-parfum.mp4' → 'Eau de Parfum': the card's readable title. */
export function titleOf(fileName: string): string {
  return stem(stripTimestampPrefix(fileName))
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w, i) => (i > 0 && MINOR_WORDS.has(w.toLowerCase()) ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1)))
    .join(' ');
}

/** docs/spec.md §5 "Video bucket files": a real, non-empty video file that is not a placeholder. */
export function isVideoFile(entry: Pick<StorageEntry, 'name' | 'metadata'>): boolean {
  const name = entry.name.trim();
  if (!name || name.startsWith('.') || /placeholder/i.test(name)) return false;
  if (!VIDEO_EXT.test(name)) return false;
  return (entry.metadata?.size ?? 0) > 0;
}

/** docs/spec.md §5 "Library and carousel filtering", the parts that apply to carousel items. */
export function isShowable(item: CarouselItem): boolean {
  if (item.status !== 'completed') return false;
  if (!item.url || item.url === 'null') return false;
  if (item.type !== 'video' && item.type !== 'image') return false;
  if (!/\.[a-z0-9]+$/i.test(item.fileName)) return false;
  if (item.posterUrl !== null && (!item.posterUrl || item.posterUrl.includes('null'))) return false;
  return true;
}

/** Same title twice (e.g. re-uploaded): keep the newer one. */
export function collapseDuplicates(items: CarouselItem[]): CarouselItem[] {
  const byTitle = new Map<string, CarouselItem>();
  for (const item of items) {
    const seen = byTitle.get(item.title);
    if (!seen || Date.parse(item.createdAt) > Date.parse(seen.createdAt)) byTitle.set(item.title, item);
  }
  return [...byTitle.values()];
}

const newestFirst = (a: CarouselItem, b: CarouselItem) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

/**
 * A root listing of the public carousel bucket → the cards to show: video files only (an image
 * with the same stem becomes its poster), filtered, de-duplicated, newest first, at most 20.
 */
export function toCarouselItems(entries: StorageEntry[], publicUrl: (fileName: string) => string): CarouselItem[] {
  const posters = new Map<string, string>();
  for (const e of entries) if (e.id !== null && IMAGE_EXT.test(e.name)) posters.set(stem(e.name), publicUrl(e.name));

  const items: CarouselItem[] = entries.filter(isVideoFile).map((e) => ({
    id: e.id ?? e.name,
    title: titleOf(e.name),
    fileName: e.name,
    url: publicUrl(e.name),
    posterUrl: posters.get(stem(e.name)) ?? null,
    type: 'video',
    status: 'completed',
    createdAt: e.created_at ?? new Date(0).toISOString(),
    size: e.metadata?.size ?? 0,
  }));
  return selectLandingItems(items);
}

/** docs/spec.md §5 "Landing carousel keeps only completed video items with a URL, at most 20." */
export function selectLandingItems(items: CarouselItem[]): CarouselItem[] {
  return collapseDuplicates(items.filter((i) => i.type === 'video' && isShowable(i)))
    .sort(newestFirst)
    .slice(0, CAROUSEL.maxItems);
}

/** The fixed list shown when the listing fails: the known names at their public URLs. */
export function fallbackItems(fileNames: readonly string[], publicUrl: (fileName: string) => string): CarouselItem[] {
  return fileNames.map((fileName) => ({
    id: fileName,
    title: titleOf(fileName),
    fileName,
    url: publicUrl(fileName),
    posterUrl: publicUrl(fileName.replace(VIDEO_EXT, '.jpg')),
    type: 'video',
    status: 'completed',
    createdAt: new Date(0).toISOString(),
    size: 0,
  }));
}
