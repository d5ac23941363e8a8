import { queryOptions, useQuery } from '@tanstack/react-query';
import { GALLERY_LIMIT } from '@/components/studio/pager';
import { asText, asTexts, getStudioResults, type StudioResult } from '@/domains/jobs/get-studio-results';
import { parseFraming, type ComplianceCheck } from '@shotcraft/shared/jobs/studios/lightbox.ts';
import type { LightboxImage } from '../types';
import { lightboxKeys } from './keys';

const isCheck = (v: unknown): v is ComplianceCheck =>
  !!v && typeof v === 'object' && typeof (v as ComplianceCheck).rule === 'string' && typeof (v as ComplianceCheck).passed === 'boolean';

export function toLightboxImage(result: StudioResult): LightboxImage {
  const { details } = result;
  return {
    id: result.id,
    jobId: result.jobId,
    url: result.url,
    originalUrl: result.originalUrl,
    label: asText(result.input.product_name) ?? result.productName,
    createdAt: result.createdAt,
    savedToStorage: result.savedToStorage,
    output: asText(details.output) ?? 'Lightbox image',
    background: asText(details.background) ?? '',
    compliance: Array.isArray(details.compliance) ? details.compliance.filter(isCheck) : [],
    used: asTexts(details.used),
    ignored: asTexts(details.ignored),
    warnings: asTexts(details.warnings),
    notCharged: result.metadata.charge === 'waived',
    framing: parseFraming(details.framing),
    width: result.width,
    height: result.height,
    mimeType: result.mimeType,
  };
}

/** The user's most recent lightbox images, with the original for the before/after view. */
export async function getLightboxImages(): Promise<LightboxImage[]> {
  return (await getStudioResults('lightbox', GALLERY_LIMIT)).map(toLightboxImage);
}

export const lightboxImagesQuery = (userId: string) =>
  queryOptions({ queryKey: lightboxKeys.imageList(userId), queryFn: getLightboxImages, staleTime: 60_000 });

export function useLightboxImages(userId: string | undefined) {
  return useQuery({ ...lightboxImagesQuery(userId ?? ''), enabled: !!userId, throwOnError: false });
}
