import type { ContentFilter, ContentSort } from '../types';

export interface ContentListFilters {
  /** Part of the key so another user's session never sees this cache. */
  userId: string;
  filter: ContentFilter;
  search: string;
  sort: ContentSort;
}

/** Query keys of the library: invalidate `libraryKeys.lists()` after anything changes. */
export const libraryKeys = {
  all: ['library'] as const,
  lists: () => [...libraryKeys.all, 'list'] as const,
  list: (filters: ContentListFilters) => [...libraryKeys.lists(), filters] as const,
};
