import { queryOptions, useQuery } from '@tanstack/react-query';
import { GALLERY_LIMIT } from '@/components/studio/pager';
import { asRecord, asText, getStudioResults, type StudioResult } from '@/domains/jobs/get-studio-results';
import type { UgcVideo } from '../types';
import { ugcKeys } from './keys';

export function toUgcVideo(result: StudioResult): UgcVideo {
  const product = asRecord(result.input.product);
  const duration = Number(result.metadata.duration_seconds);
  return {
    id: result.id,
    jobId: result.jobId,
    url: result.url,
    label: asText(product.name) ?? result.productName,
    createdAt: result.createdAt,
    savedToStorage: result.savedToStorage,
    media: 'video',
    posterUrl: result.thumbnailUrl,
    hook: asText(result.details.hook) ?? null,
    aspect: asText(result.details.aspect) ?? null,
    width: result.width,
    height: result.height,
    durationSeconds: Number.isFinite(duration) ? duration : null,
  };
}

export async function getUgcVideos(): Promise<UgcVideo[]> {
  return (await getStudioResults('ugc_video', GALLERY_LIMIT)).map(toUgcVideo);
}

export const ugcVideosQuery = (userId: string) => queryOptions({ queryKey: ugcKeys.videoList(userId), queryFn: getUgcVideos, staleTime: 60_000 });

export function useUgcVideos(userId: string | undefined) {
  return useQuery({ ...ugcVideosQuery(userId ?? ''), enabled: !!userId, throwOnError: false });
}
