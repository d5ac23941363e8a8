import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { AppError, handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { cleanName } from '../lib/clean-name';
import { isListable } from '../lib/content-rules';
import { VIDEO_TYPES } from '../lib/content-types';
import type { ContentCounts, ContentCursor, ContentItem, ContentPage, ContentRow } from '../types';
import { libraryKeys, type ContentListFilters } from './keys';
import { getAdPlacements } from './get-ad-placements';
import { signContentUrls } from '@/domains/library/sign-content-urls';

/** Tiles per request: about three screens of a 4-column grid. */
export const PAGE_SIZE = 48;

interface ListContentResult {
  items: ContentRow[];
  counts: ContentCounts | null;
  next_cursor: ContentCursor | null;
}

export function toContentItem(row: ContentRow): ContentItem {
  return {
    id: row.id,
    name: cleanName(row.product_name),
    type: row.content_type,
    kind: VIDEO_TYPES.has(row.content_type) ? 'video' : 'image',
    createdAt: row.created_at,
    sizeBytes: row.bytes,
    creditsUsed: row.credits_used,
    mimeType: row.mime_type,
    storagePath: row.storage_path,
  };
}

/**
 * One page of the library: the list_content RPC (filter, search, sort and keyset paging in SQL,
 * counts with the first page), then the page's signed URLs in one batch and, beside them, the
 * placements of its ad variations. Two requests per page (three with ads).
 */
export async function listContent(filters: ContentListFilters, cursor: ContentCursor | null): Promise<ContentPage> {
  const { data, error } = await supabase().rpc('list_content', {
    search: filters.search.trim() || undefined,
    content_type: filters.filter === 'all' ? undefined : filters.filter,
    sort: filters.sort.key,
    direction: filters.sort.direction,
    page_size: PAGE_SIZE,
    cursor: cursor ? { k: cursor.k, id: cursor.id } : undefined,
  });
  if (error) handleError(error, 'Failed to fetch media library');
  if (!data || typeof data !== 'object') throw new AppError('server', 'Failed to fetch media library');
  const result = data as unknown as ListContentResult;

  const items = result.items.map(toContentItem).filter((item) =>
    isListable({ name: item.storagePath, url: item.storagePath, contentType: item.type, kind: item.kind, mimetype: item.mimeType }),
  );
  const [urls, placements] = await Promise.all([signContentUrls(items.map((i) => i.id)), getAdPlacements(items)]);
  return {
    items: items.map((item) => ({ ...item, placement: placements.get(item.id), urls: urls.get(item.id) ?? { url: null, thumbnailUrl: null, missing: true } })),
    counts: result.counts,
    nextCursor: result.next_cursor,
  };
}

export const contentListQuery = (filters: ContentListFilters) =>
  infiniteQueryOptions({
    queryKey: libraryKeys.list(filters),
    queryFn: ({ pageParam }) => listContent(filters, pageParam),
    initialPageParam: null as ContentCursor | null,
    getNextPageParam: (last) => last.nextCursor,
    // Signed URLs live an hour; refresh well before they expire.
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
  });

export function useContentList(filters: ContentListFilters, options: { enabled?: boolean; keepPrevious?: boolean } = {}) {
  return useInfiniteQuery({
    ...contentListQuery(filters),
    enabled: options.enabled ?? true,
    // While a new search or sort loads, the old tiles stay instead of a blank 'Loading content...'.
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}
