import type { IncomingMessage } from 'node:http';
import sharp from 'sharp';
import * as z from 'zod';
import { AD_LIMITS, adReportSchema, variationRequestSchema } from '@shotcraft/shared/jobs/studios/ads.ts';
import { ownsObject } from '@shotcraft/shared/object-name.ts';
import { authenticate, bearerToken } from '../../auth.js';
import { WorkerError } from '../../http/errors.js';
import { validateAndDecode } from '../../image/validate.js';
import { queuedCutout } from '../../models/cutout/index.js';
import { cutOutProduct } from '../../models/cutout/product-mask.js';
import { downloadSource, RESULT_BUCKET, removeResults, signedUrl, storeResult } from '../../storage.js';
import { requireStudioPlan } from '../../plan.js';
import { countCall } from '../../rate-limit.js';
import type { WorkerContext } from '../../context.js';
import { readJsonBody } from '../../http/json-body.js';
import { renderVariations } from './variations.js';

/** from_library: the library items the product photo was copied from; the variations say they were made from them. */
const BodySchema = variationRequestSchema.extend({ job_id: z.uuid(), product_path: z.string().min(1).max(1024), from_library: z.array(z.uuid()).max(1).optional() });

/**
 * `POST /ads/variations` (what generate-ad-variations forwards to): the user's product, cut out,
 * in the structure of a finished analysis of theirs, at the placements asked for. Rate limited
 * (docs/spec.md §9: 100 an hour), not charged again; each variation becomes facebook_ad content.
 */
export async function handleVariations(ctx: WorkerContext, req: IncomingMessage) {
  const user = await authenticate(ctx.service, bearerToken(req));
  const parsed = BodySchema.safeParse(await readJsonBody(req, 16 * 1024));
  if (!parsed.success) throw new WorkerError('invalid_options', `The variation request is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}.`);
  const body = parsed.data;
  if (!ownsObject(body.product_path, user.id)) throw new WorkerError('job_forbidden', 'The product photo must be one of your uploads.');
  // Variations are the analyzer's: an analysis made on an earlier plan does not keep them free.
  await requireStudioPlan(ctx.service, user.id, 'competitor_ad');

  if (!(await countCall(ctx.service, user.id, 'ad_variations', AD_LIMITS.variationsPerHour, 'Failed to check rate limit')).allowed) throw new WorkerError('rate_limited', 'Rate limit exceeded');

  const { data: job, error } = await ctx.service.from('videos').select('id, user_id, studio, status, result').eq('id', body.job_id).maybeSingle();
  if (error) throw new WorkerError('backend_unavailable', 'Could not read the analysis. Please try again.');
  if (!job || job.studio !== 'competitor_ad') throw new WorkerError('job_not_found', 'This analysis does not exist.');
  if (job.user_id !== user.id) throw new WorkerError('job_forbidden', 'This analysis belongs to another account.');
  if (job.status !== 'completed') throw new WorkerError('job_not_queued', 'The analysis has not finished yet.');
  const report = adReportSchema.safeParse((job.result as { details?: { report?: unknown } } | null)?.details?.report);
  if (!report.success) throw new WorkerError('invalid_options', 'This analysis has no report to work from. Analyse the ad again.');

  const source = await downloadSource(ctx.service, body.product_path, ctx.maxUploadBytes);
  let variations;
  try {
    variations = await ctx.queue.run(async (slot) => {
      const photo = await validateAndDecode(source.path, source.bytes, { maxPixels: ctx.maxPixels });
      const cut = await cutOutProduct(photo, queuedCutout(ctx.cutout(), ctx.models, slot, { owner: user.id }));
      return renderVariations(report.data, { png: await rgbaPng(cut), width: cut.width, height: cut.height }, body);
    }, { owner: user.id });
  } finally {
    await source.cleanup();
  }

  const stored: string[] = [];
  try {
    const items = [];
    for (const v of variations) {
      const path = `${user.id}/facebook_ad/${body.job_id}/${Date.now()}-${v.index}-${v.placement}.jpg`;
      await storeResult(ctx.service, RESULT_BUCKET, path, v.jpeg, 'image/jpeg');
      stored.push(path);
      items.push({ path, title: `${body.headline} — ${v.style}`, placement: v.placement, style: v.style, width: v.width, height: v.height, bytes: v.jpeg.length, checks: v.checks, request: { headline: body.headline, offer: body.offer, price: body.price, cta: body.cta, ...(body.from_library?.length ? { from_library: body.from_library } : {}) } });
    }
    const { data: recorded, error: recordError } = await ctx.service.rpc('record_ad_variations', { job_id: body.job_id, user_id: user.id, items });
    if (recordError) {
      console.error('[worker] record_ad_variations failed:', recordError.message);
      throw new WorkerError('backend_unavailable', 'Failed to generate ad variations');
    }
    const ids = (recorded as { content_ids: string[] }).content_ids;
    return {
      success: true,
      variations: await Promise.all(items.map(async (item, i) => ({ id: ids[i], url: await signedUrl(ctx.service, RESULT_BUCKET, item.path).catch(() => null), ...item }))),
    };
  } catch (err) {
    await removeResults(ctx.service, RESULT_BUCKET, stored).catch(() => undefined);
    throw err;
  }
}

function rgbaPng(cut: { rgba: Buffer; width: number; height: number }): Promise<Buffer> {
  return sharp(cut.rgba, { raw: { width: cut.width, height: cut.height, channels: 4 } }).png().toBuffer();
}
