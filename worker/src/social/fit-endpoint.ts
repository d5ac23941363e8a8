import type { IncomingMessage } from 'node:http';
import * as z from 'zod';
import { authenticate, bearerToken } from '../auth.js';
import { WorkerError } from '../http/errors.js';
import { readJsonBody } from '../http/json-body.js';
import { countCall } from '../rate-limit.js';
import { RESULT_BUCKET, removeResults, signedUrl, storeResult } from '../storage.js';
import type { WorkerContext } from '../context.js';
import { fitImage } from './fit.js';

const BodySchema = z.object({
  content_id: z.uuid(),
  max_bytes: z.number().int().min(50_000).max(50 * 1024 * 1024),
  aspect: z.object({ min: z.number().min(0.1).max(10), max: z.number().min(0.1).max(10), mode: z.enum(['pad', 'crop']) }).refine((a) => a.min <= a.max, 'min must not exceed max').optional(),
});

const FITS_PER_HOUR = 60;

/**
 * `POST /social/fit` (the Share dialog's one-click fix): a JPEG version of one of the caller's
 * library images that every chosen platform accepts — converted, brought into the allowed aspect
 * (margins or a crop), and made small enough. Free, rate limited; stored as a new library item
 * that names its source.
 */
export async function handleFit(ctx: WorkerContext, req: IncomingMessage) {
  const user = await authenticate(ctx.service, bearerToken(req));
  const parsed = BodySchema.safeParse(await readJsonBody(req, 4 * 1024));
  if (!parsed.success) throw new WorkerError('invalid_options', `The fix request is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}.`);
  const body = parsed.data;
  if (!(await countCall(ctx.service, user.id, 'social_fit', FITS_PER_HOUR, 'Failed to check rate limit')).allowed) throw new WorkerError('rate_limited', 'Rate limit exceeded');

  const { data: row, error } = await ctx.service
    .from('content_generations')
    .select('id, user_id, content_type, product_name, bucket, storage_path, mime_type, bytes, metadata')
    .eq('id', body.content_id)
    .maybeSingle();
  if (error) throw new WorkerError('backend_unavailable', 'Could not read the item. Please try again.');
  if (!row || row.user_id !== user.id || !row.storage_path) throw new WorkerError('job_not_found', 'This item is not in your library.');
  if (!String(row.mime_type ?? '').startsWith('image/')) throw new WorkerError('invalid_options', 'Only images can be fixed here.');
  if ((row.bytes ?? 0) > ctx.maxUploadBytes) throw new WorkerError('file_too_large', 'This image is too large to convert.');

  const file = await ctx.service.storage.from(row.bucket).download(row.storage_path);
  if (file.error || !file.data) throw new WorkerError('missing_image', 'The image could not be found in storage.');
  const input = Buffer.from(await file.data.arrayBuffer());
  let fitted;
  try {
    fitted = await ctx.queue.run(() => fitImage(input, { maxBytes: body.max_bytes, aspect: body.aspect }), { owner: user.id });
  } catch {
    throw new WorkerError('undecodable_image', 'The image could not be converted. It may be damaged; make it again and retry.');
  }

  const path = `${user.id}/social/${row.id}/${Date.now()}-${fitted.width}x${fitted.height}.jpg`;
  await storeResult(ctx.service, RESULT_BUCKET, path, fitted.jpeg, 'image/jpeg');
  const { data: made, error: insertError } = await ctx.service
    .from('content_generations')
    .insert({
      user_id: user.id,
      content_type: row.content_type,
      product_name: row.product_name,
      bucket: RESULT_BUCKET,
      storage_path: path,
      mime_type: 'image/jpeg',
      bytes: fitted.jpeg.length,
      width: fitted.width,
      height: fitted.height,
      credits_used: 0,
      input_data: { fitted_from: row.id, max_bytes: body.max_bytes, aspect: body.aspect ?? null },
      metadata: { ...(row.metadata as Record<string, unknown> | null), fitted_for_social: true },
    })
    .select('id')
    .single();
  if (insertError || !made) {
    await removeResults(ctx.service, RESULT_BUCKET, [path]).catch(() => undefined);
    throw new WorkerError('backend_unavailable', 'The fixed version could not be saved. Please try again.');
  }
  return { success: true, id: made.id, url: await signedUrl(ctx.service, RESULT_BUCKET, path).catch(() => null), mime_type: 'image/jpeg', bytes: fitted.jpeg.length, width: fitted.width, height: fitted.height };
}
