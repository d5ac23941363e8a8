import { useQuery } from '@tanstack/react-query';
import { handleError } from '@/lib/errors';
import { signContentUrls } from '@/domains/library/sign-content-urls';
import { supabase } from '@/lib/supabase';
import { isUuid } from '@shotcraft/shared/ids.ts';
import type { ContentItem, ContentRow } from '../types';
import { toContentItem } from './list-content';

const COLUMNS = 'id, content_type, product_name, bucket, storage_path, thumbnail_path, mime_type, bytes, width, height, credits_used, created_at';

/**
 * The library items a result was made from (its job's `from_library`, README "From library"), in
 * the order used, signed for the preview. One deleted since, or not the caller's, is simply absent.
 */
export async function madeFrom(itemId: string): Promise<ContentItem[]> {
  const { data, error } = await supabase().from('content_generations').select('from_library:input_data->from_library').eq('id', itemId).maybeSingle();
  if (error) handleError(error, 'Failed to fetch media library');
  const raw = (data as { from_library?: unknown } | null)?.from_library;
  const ids = (Array.isArray(raw) ? raw : []).filter((id): id is string => isUuid(id)).slice(0, 60);
  if (ids.length === 0) return [];
  const { data: rows, error: rowsError } = await supabase().from('content_generations').select(COLUMNS).in('id', ids);
  if (rowsError) handleError(rowsError, 'Failed to fetch media library');
  const byId = new Map((rows as unknown as ContentRow[]).map((r) => [r.id, toContentItem(r)]));
  const items = ids.flatMap((id) => byId.get(id) ?? []);
  const urls = await signContentUrls(items.map((i) => i.id));
  return items.map((item) => ({ ...item, urls: urls.get(item.id) ?? { url: null, thumbnailUrl: null, missing: true } }));
}

export const useMadeFrom = (itemId: string | undefined) =>
  useQuery({ queryKey: ['library', 'made-from', itemId], queryFn: () => madeFrom(itemId!), enabled: !!itemId, staleTime: 5 * 60_000 });
