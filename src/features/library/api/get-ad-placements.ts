import { handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { asPlacement } from '../lib/content-types';
import type { ContentItem } from '../types';
import type { AdPlacement } from '@shotcraft/shared/jobs/studios/ads.ts';

/**
 * The placements of a page's ad variations (content_generations.metadata.placement), read by the
 * owner's own client: one request, and none for a page without ads.
 */
export async function getAdPlacements(items: readonly ContentItem[]): Promise<Map<string, AdPlacement>> {
  const ids = items.filter((i) => i.type === 'facebook_ad').map((i) => i.id);
  const placements = new Map<string, AdPlacement>();
  if (ids.length === 0) return placements;
  const { data, error } = await supabase().from('content_generations').select('id, placement:metadata->>placement').in('id', ids);
  if (error) handleError(error, 'Failed to fetch media library');
  for (const row of (data ?? []) as { id: string; placement: unknown }[]) {
    const placement = asPlacement(row.placement);
    if (placement) placements.set(row.id, placement);
  }
  return placements;
}
