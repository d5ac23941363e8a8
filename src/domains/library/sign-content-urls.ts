import { handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { ContentUrls } from './types';

export type { ContentUrls };

interface SignedItem {
  id: string;
  url: string | null;
  thumbnail_url: string | null;
  missing: boolean;
}

/**
 * Signed URLs (original + tile thumbnail) for many items in one request to the get-download-url
 * function. An id the caller does not own simply has no entry.
 */
export async function signContentUrls(ids: readonly string[]): Promise<Map<string, ContentUrls>> {
  const result = new Map<string, ContentUrls>();
  if (ids.length === 0) return result;
  const { data, error } = await supabase().functions.invoke<{ items: SignedItem[] }>('get-download-url', { body: { ids } });
  if (error) handleError(error, 'Failed to get download URL');
  for (const item of data?.items ?? []) {
    result.set(item.id, { url: item.url, thumbnailUrl: item.thumbnail_url, missing: item.missing });
  }
  return result;
}
