import { env } from '@/lib/env';
import { AppError, toAppError } from '@/lib/errors';
import { getAccessToken } from '@/domains/jobs/get-access-token';
import { WebhookErrorSchema } from '@shotcraft/shared/jobs/contract.ts';
import type { UgcProduct, UgcScript, UgcVoice } from '@shotcraft/shared/jobs/studios/ugc.ts';

/** The worker's free preview endpoint, beside the UGC webhook. */
export function previewUrl(): string | undefined {
  const webhook = env().VITE_WEBHOOK_UGC_URL;
  return webhook ? new URL('/previews/ugc', webhook).toString() : undefined;
}

export interface Preview {
  url: string;
  /** Free previews left this hour. */
  remaining: number | null;
}

/** A quick low-resolution render of a script (free, rate limited): an object URL of the MP4. */
export async function renderPreview(input: { folder: string; product: UgcProduct; script: UgcScript; voice?: UgcVoice }): Promise<Preview> {
  const url = previewUrl();
  if (!url) throw new AppError('server', 'Previews are not configured (VITE_WEBHOOK_UGC_URL).');
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await getAccessToken()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ source_path: input.folder, product: input.product, script: input.script, voice: input.voice ?? 'female' }),
    });
  } catch (error) {
    throw new AppError('network', 'Could not make the preview: the video service could not be reached.', { cause: error });
  }
  if (!response.ok) {
    const parsed = WebhookErrorSchema.safeParse(await response.json().catch(() => null));
    throw toAppError({ message: parsed.success ? parsed.data.error.message : `Could not make the preview (${response.status}).`, status: response.status, details: parsed.data?.error.code });
  }
  const remaining = Number(response.headers.get('X-Previews-Remaining'));
  return { url: URL.createObjectURL(await response.blob()), remaining: Number.isFinite(remaining) ? remaining : null };
}
