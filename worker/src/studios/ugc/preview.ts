import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { UGC_LIMITS, ugcRenderSchema } from '@shotcraft/shared/jobs/studios/ugc.ts';
import { authenticate, bearerToken } from '../../auth.js';
import { WorkerError } from '../../http/errors.js';
import { readJsonBody } from '../../http/json-body.js';
import { requireStudioPlan } from '../../plan.js';
import { countCall } from '../../rate-limit.js';
import type { WorkerContext } from '../../context.js';
import { renderUgc } from './render.js';
import { readUgcPhotos } from './source.js';
import { ttsProvider } from './tts/index.js';

/**
 * `POST /previews/ugc`: a quick low-resolution render of a script, free, so a user can hear and
 * see hooks before paying. Signed-in users only, at most UGC_LIMITS.previewsPerHour an hour
 * (check_rate_limit) and only on a plan with the UGC studio; nothing is stored or charged; the
 * answer is the MP4 itself.
 */
export async function handleUgcPreview(ctx: WorkerContext, req: IncomingMessage): Promise<{ mp4: Buffer; remaining: number }> {
  const user = await authenticate(ctx.service, bearerToken(req));
  const body = (await readJsonBody(req, 64 * 1024)) as { source_path?: unknown; product?: unknown; script?: unknown; voice?: unknown } | null;
  const parsed = ugcRenderSchema.safeParse({ product: body?.product, script: body?.script, voice: body?.voice });
  if (!parsed.success) {
    throw new WorkerError('invalid_options', `The ad's product or script is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}.`);
  }
  await requireStudioPlan(ctx.service, user.id, 'ugc');
  const allowance = await countCall(ctx.service, user.id, 'ugc_preview', UGC_LIMITS.previewsPerHour, 'Could not check your preview allowance. Please try again.');
  if (!allowance.allowed) {
    const minutes = Math.max(1, Math.ceil((Date.parse(allowance.reset_at) - Date.now()) / 60_000));
    throw new WorkerError('rate_limited', `You have used your ${UGC_LIMITS.previewsPerHour} free previews this hour. Try again in ${minutes} min, or render the ad.`);
  }

  const noProgress = { progress: () => {} };
  const source = await readUgcPhotos(ctx.service, user.id, typeof body?.source_path === 'string' ? body.source_path : null, { maxUploadBytes: ctx.maxUploadBytes, maxPixels: ctx.maxPixels }, noProgress);
  try {
    const dir = await mkdtemp(path.join(source.dir, 'preview-'));
    const video = await ctx.queue.run(() =>
      renderUgc({ photos: source.photos.map((p) => p.file), ...parsed.data, quality: 'preview', dir }, { tts: ttsProvider(parsed.data.voice), progress: () => {} }),
      { owner: user.id },
    );
    return { mp4: video.mp4, remaining: allowance.remaining };
  } finally {
    await rm(source.dir, { recursive: true, force: true });
  }
}
