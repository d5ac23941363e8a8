import { useMutation } from '@tanstack/react-query';
import { AppError, toAppError } from '@/lib/errors';
import { postToPublicFunction } from '@/lib/supabase-public';

/** A visitor's free try: a small watermarked lightbox image, inline (`trial-lightbox`). */
export interface TrialShot {
  /** data:image/jpeg;base64,… — nothing is stored anywhere. */
  image: string;
  width: number;
  height: number;
  watermark: string;
  remaining: { hour: number; day: number };
}

const FAILED = 'The free try could not be run. Please try again.';

/**
 * Sends the photo itself to the public `trial-lightbox` function. Refusals keep the function's
 * words (too many tries, a file that is not an image, too large) with their code.
 */
export async function tryLightbox(photo: File): Promise<TrialShot> {
  let res: Response;
  try {
    res = await postToPublicFunction('trial-lightbox', photo);
  } catch (error) {
    throw new AppError('network', 'Could not reach Shotcraft. Check your connection and try again.', { cause: error });
  }
  const body = (await res.json().catch(() => null)) as (Partial<TrialShot> & { success?: boolean; error?: unknown }) | null;
  if (res.ok && body?.success && typeof body.image === 'string') return body as TrialShot;
  throw toAppError({ message: typeof body?.error === 'string' ? body.error : FAILED, status: res.ok ? 500 : res.status }, FAILED);
}

export function useTryLightbox() {
  return useMutation({ mutationFn: tryLightbox });
}
