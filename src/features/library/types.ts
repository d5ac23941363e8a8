import type { LibraryContentType } from '@shotcraft/shared/jobs/contract.ts';
import type { AdPlacement } from '@shotcraft/shared/jobs/studios/ads.ts';
import type { ContentUrls } from '@/domains/library/types';

/** What the library lists (docs/spec.md §3 content item): the job contract's library content types. */
export type { LibraryContentType };
export type ContentFilter = 'all' | LibraryContentType;

export const SORT_KEYS = ['date', 'name', 'size', 'credits'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export interface ContentSort {
  key: SortKey;
  direction: SortDirection;
}
export const DEFAULT_SORT: ContentSort = { key: 'date', direction: 'desc' };

/** One row of list_content. */
export interface ContentRow {
  id: string;
  content_type: LibraryContentType;
  product_name: string;
  bucket: string;
  storage_path: string;
  thumbnail_path: string | null;
  mime_type: string | null;
  bytes: number | null;
  width: number | null;
  height: number | null;
  credits_used: number;
  created_at: string;
}

export type ContentCounts = Record<ContentFilter, number>;

export interface ContentCursor {
  k: string | number;
  id: string;
}

export interface ContentPage {
  items: ContentItem[];
  counts: ContentCounts | null;
  nextCursor: ContentCursor | null;
}

export type { ContentUrls };

/** A tile's data: the row, its display name and kind, and (once signed) its URLs. */
export interface ContentItem {
  id: string;
  name: string;
  type: LibraryContentType;
  kind: 'image' | 'video';
  createdAt: string;
  sizeBytes: number | null;
  creditsUsed: number;
  mimeType: string | null;
  storagePath: string;
  /** An ad variation's placement (its metadata): the badge says 'Feed 4:5 Ad', not 'Facebook Ad'. */
  placement?: AdPlacement;
  urls?: ContentUrls;
}
