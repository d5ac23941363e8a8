import { queryOptions, useQuery } from '@tanstack/react-query';
import { GALLERY_LIMIT } from '@/components/studio/pager';
import { asRecord, asText, asTexts, getStudioResults, type StudioResult } from '@/domains/jobs/get-studio-results';
import { presetLabel } from '../presets';
import type { RefinedImage } from '../types';
import { refineKeys } from './keys';

/** The badge text: the custom words for a custom run, else the preset's label. */
export function enhancementOf(row: { product_name: string; input_data: unknown; metadata: unknown }): string {
  const input = asRecord(row.input_data);
  const meta = asRecord(row.metadata);
  if (input.preset === 'custom' || meta.preset === 'custom') return asText(input.custom_text) ?? 'Custom Enhancement';
  return presetLabel(asText(meta.preset) ?? asText(input.preset)) ?? asText(meta.enhancement) ?? row.product_name.replace(/^Refined Image - /, '');
}

export function toRefinedImage(result: StudioResult): RefinedImage {
  return {
    id: result.id,
    jobId: result.jobId,
    url: result.url,
    originalUrl: result.originalUrl,
    label: enhancementOf({ product_name: result.productName, input_data: result.input, metadata: result.metadata }),
    createdAt: result.createdAt,
    savedToStorage: result.savedToStorage,
    applied: asTexts(result.details.applied),
    ignored: asTexts(result.details.ignored),
    warnings: asTexts(result.details.warnings),
    mimeType: result.mimeType,
  };
}

/** The user's 9 most recent refine results, with the original for the before/after view. */
export async function getRefinedImages(): Promise<RefinedImage[]> {
  return (await getStudioResults('refine_image', GALLERY_LIMIT)).map(toRefinedImage);
}

export const refinedImagesQuery = (userId: string) =>
  queryOptions({ queryKey: refineKeys.imageList(userId), queryFn: getRefinedImages, staleTime: 60_000 });

/** The gallery's images; a failed load is shown in the panel, not as a whole-screen error. */
export function useRefinedImages(userId: string | undefined) {
  return useQuery({ ...refinedImagesQuery(userId ?? ''), enabled: !!userId, throwOnError: false });
}
