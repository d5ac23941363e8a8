import { env } from '@/lib/env';
import { AppError, toAppError } from '@/lib/errors';
import { getAccessToken } from '@/domains/jobs/get-access-token';
import { WebhookErrorSchema } from '@shotcraft/shared/jobs/contract.ts';
import type { SocialPlatform } from './platforms';
import { fitFor } from './rules';

/** The worker's fix endpoint, beside its webhooks. */
function fitUrl(): string | undefined {
  const webhook = env().VITE_WEBHOOK_REFINE_URL ?? env().VITE_WEBHOOK_LIGHTBOX_URL;
  return webhook ? new URL('/social/fit', webhook).toString() : undefined;
}

export interface FittedImage {
  id: string;
  url: string | null;
  mime_type: string;
  bytes: number;
  width: number;
  height: number;
}

/**
 * Asks the worker for a JPEG version of a library image that every one of these platforms takes
 * (size, and aspect by margins or a crop). The version is a new library item.
 */
export async function fitImageFor(contentId: string, platforms: readonly SocialPlatform[], mode: 'pad' | 'crop'): Promise<FittedImage> {
  const url = fitUrl();
  if (!url) throw new AppError('server', 'The media worker is not configured (VITE_WEBHOOK_REFINE_URL).');
  const spec = fitFor(platforms);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await getAccessToken()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ content_id: contentId, max_bytes: spec.maxBytes, ...(spec.aspect ? { aspect: { min: spec.aspect[0], max: spec.aspect[1], mode } } : {}) }),
    });
  } catch (error) {
    throw new AppError('network', 'Could not fix the image: the media service could not be reached.', { cause: error });
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const parsed = WebhookErrorSchema.safeParse(body);
    throw toAppError({ message: parsed.success ? parsed.data.error.message : `Could not fix the image (${response.status}).`, status: response.status, details: parsed.data?.error.code });
  }
  return body as FittedImage;
}
