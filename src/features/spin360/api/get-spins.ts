import { queryOptions, useQuery } from '@tanstack/react-query';
import { GALLERY_LIMIT } from '@/components/studio/pager';
import { asRecord, asText, getStudioResults, type StudioResult } from '@/domains/jobs/get-studio-results';
import { createSignedUrls } from '@/domains/jobs/signed-url';
import { SPIN_BUCKET } from '@shotcraft/shared/jobs/studios/spin360.ts';
import type { Spin } from '../types';
import { spinKeys } from './keys';

export function toSpin(result: StudioResult): Spin {
  const { details } = result;
  const files = asRecord(details.files);
  const framePaths = Object.keys(files)
    .filter((name) => name.startsWith('frames/'))
    .sort()
    .map((name) => files[name])
    .filter((p): p is string => typeof p === 'string');
  const loopName = Object.keys(files).find((name) => name.startsWith('loop.'));
  const fps = Number(details.fps);
  const duration = Number(result.metadata.duration_seconds);
  return {
    id: result.id,
    jobId: result.jobId,
    url: result.url,
    label: asText(result.input.title) ?? result.productName,
    createdAt: result.createdAt,
    savedToStorage: result.savedToStorage,
    media: 'video',
    posterUrl: result.thumbnailUrl,
    framePaths,
    loopPath: loopName ? (asText(files[loopName]) ?? null) : null,
    loopFormat: loopName?.endsWith('webp') ? 'webp' : 'gif',
    fps: Number.isFinite(fps) && fps > 0 ? fps : 12,
    width: result.width,
    height: result.height,
    durationSeconds: Number.isFinite(duration) ? duration : null,
  };
}

/** The user's most recent spins (their MP4 and poster signed; frames are signed when a spin opens). */
export async function getSpins(): Promise<Spin[]> {
  return (await getStudioResults('360_video', GALLERY_LIMIT)).map(toSpin);
}

export const spinsQuery = (userId: string) => queryOptions({ queryKey: spinKeys.spinList(userId), queryFn: getSpins, staleTime: 60_000 });

export function useSpins(userId: string | undefined) {
  return useQuery({ ...spinsQuery(userId ?? ''), enabled: !!userId, throwOnError: false });
}

/** A spin's viewer frames and loop, signed in one request when the spin is shown. */
export async function getSpinFiles(spin: Spin): Promise<{ frames: string[]; loopUrl: string | null }> {
  const signed = await createSignedUrls(SPIN_BUCKET, spin.loopPath ? [...spin.framePaths, spin.loopPath] : spin.framePaths);
  return {
    frames: spin.framePaths.map((p) => signed.get(p)).filter((u): u is string => !!u),
    loopUrl: spin.loopPath ? (signed.get(spin.loopPath) ?? null) : null,
  };
}

export function useSpinFiles(spin: Spin | null) {
  return useQuery({
    queryKey: spinKeys.frames(spin?.id ?? ''),
    queryFn: () => getSpinFiles(spin!),
    enabled: !!spin,
    // Signed URLs live an hour; sign again well before.
    staleTime: 30 * 60_000,
    throwOnError: false,
  });
}
