import { queryOptions, useQuery } from '@tanstack/react-query';
import { logError } from '@/lib/logger';
import { publicStorage } from '@/lib/supabase-public';
import { fallbackItems, toCarouselItems } from '../lib/carousel-items';
import { CAROUSEL, FALLBACK_VIDEO_FILES } from '../lib/constants';
import type { CarouselItem, StorageEntry } from '../lib/types';
import { carouselKeys } from './keys';

/**
 * The public carousel bucket, listed at its root, newest first (docs/spec.md §7). A failed listing is
 * logged and falls back to the known demo file names (docs/spec.md §8), so this never throws.
 */
export async function getCarouselItems(): Promise<CarouselItem[]> {
  const bucket = publicStorage().from(CAROUSEL.bucket);
  const publicUrl = (name: string) => bucket.getPublicUrl(name).data.publicUrl;
  try {
    const { data, error } = await bucket.list('', { limit: CAROUSEL.listLimit, sortBy: { column: 'created_at', order: 'desc' } });
    if (error) throw error;
    return toCarouselItems((data ?? []) as StorageEntry[], publicUrl);
  } catch (error) {
    logError('Carousel listing failed; showing the known demo videos', { severity: 'medium', category: 'storage', error });
    return fallbackItems(FALLBACK_VIDEO_FILES, publicUrl);
  }
}

export const carouselItemsQuery = () =>
  queryOptions({ queryKey: carouselKeys.items(), queryFn: getCarouselItems, refetchInterval: CAROUSEL.refreshMs, staleTime: CAROUSEL.refreshMs });

export function useCarouselItems() {
  return useQuery(carouselItemsQuery());
}
