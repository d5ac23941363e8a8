import type { ContentItem, ContentSort, SortKey } from '../types';

export const SORT_LABELS: Record<SortKey, string> = {
  date: 'Date',
  name: 'Name',
  size: 'Size',
  credits: 'Credits',
};

/** The 'Sort by Date' toggle: flips the direction of the date sort (docs/spec.md §4). */
export function toggleDateDirection(sort: ContentSort): ContentSort {
  if (sort.key !== 'date') return { key: 'date', direction: 'desc' };
  return { key: 'date', direction: sort.direction === 'desc' ? 'asc' : 'desc' };
}

function keyOf(item: ContentItem, key: SortKey): string | number {
  switch (key) {
    case 'date':
      return Date.parse(item.createdAt);
    case 'name':
      return item.name.toLowerCase();
    case 'size':
      return item.sizeBytes ?? 0;
    case 'credits':
      return item.creditsUsed;
  }
}

/**
 * The library's order, as list_content applies it in SQL: by the key, then by id, both in the
 * chosen direction. Names compare by code point (the server's collation may differ for
 * accented letters).
 */
export function compareContent(sort: ContentSort): (a: ContentItem, b: ContentItem) => number {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return (a, b) => {
    const ka = keyOf(a, sort.key);
    const kb = keyOf(b, sort.key);
    if (ka !== kb) return (ka < kb ? -1 : 1) * sign;
    return (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * sign;
  };
}

export function sortContent(items: readonly ContentItem[], sort: ContentSort): ContentItem[] {
  return [...items].sort(compareContent(sort));
}
