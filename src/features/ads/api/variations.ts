import { AppError } from '@/lib/errors';
import { invokeFunction } from '@/lib/invoke-function';
import { detectImageKind, IMAGE_KINDS, readHead } from '@/domains/jobs/image-file';
import { originalPath } from '@shotcraft/shared/jobs/contract.ts';
import type { VariationRequest } from '@shotcraft/shared/jobs/studios/ads.ts';
import { uploadRaw } from '@/domains/jobs/upload-original';
import { libraryItemsOf } from '@/domains/library/library-input';

export interface AdVariation {
  id: string;
  url: string | null;
  placement: string;
  style: string;
  width: number;
  height: number;
  title: string;
  checks: { rule: string; passed: boolean; detail: string }[];
}

/** The user's product photo into raw-uploads, then generate-ad-variations for an analysis of theirs. */
export async function generateVariations(userId: string, jobId: string, product: File, request: VariationRequest): Promise<AdVariation[]> {
  const kind = detectImageKind(await readHead(product, 16));
  if (!kind) throw new AppError('validation', 'Failed to upload product image: choose a JPEG, PNG or WebP photo.');
  const path = originalPath(userId, 'competitor_ad', IMAGE_KINDS[kind].ext, crypto.randomUUID(), Date.now());
  await uploadRaw(path, product, IMAGE_KINDS[kind].mime);
  const fromLibrary = libraryItemsOf(path);
  const answer = await invokeFunction<{ success: boolean; variations?: AdVariation[] }>(
    'generate-ad-variations',
    { job_id: jobId, user_id: userId, product_image_url: path, style: request, metadata: { product_file: product.name }, ...(fromLibrary.length ? { from_library: fromLibrary } : {}) },
    'Failed to generate ad variations',
  );
  if (!answer.success || !answer.variations) throw new AppError('server', 'Failed to generate ad variations');
  return answer.variations;
}
