import type { IncomingMessage } from 'node:http';
import type { SupabaseClient } from '@supabase/supabase-js';
import { authenticate, bearerToken } from './auth.js';
import { toWorkerError, WorkerError } from './http/errors.js';
import { fileTooLargeMessage, receiveMultipart, type ReceivedForm } from './http/multipart.js';
import type { Timings } from './http/respond.js';
import { validateAndDecode, type DecodedImage } from './image/validate.js';
import { claimJob, completeJob, failJob, type ClaimedJob } from './jobs.js';
import type { Queue } from './queue.js';
import { RESULT_BUCKET, removeResult, signedUrl, storeResult } from './storage.js';
import type { Studio } from './studios/index.js';

export interface WebhookContext {
  service: SupabaseClient;
  queue: Queue;
  maxUploadBytes: number;
  maxPixels: number;
}

export interface WebhookReply {
  job_id: string;
  status: 'completed';
  /** Null only when the result was recorded but could not be signed; the content row has it. */
  url: string | null;
  width: number;
  height: number;
  bytes: number;
  applied: string[];
  ignored: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function jobIdOf(form: ReceivedForm, userId: string): string {
  const jobId = form.fields.job_id?.trim() ?? '';
  if (!UUID.test(jobId)) throw new WorkerError('invalid_request', 'The request must name the job (job_id) that start_job returned.');
  const claimed = form.fields.user_id?.trim();
  if (claimed && claimed !== userId) throw new WorkerError('job_forbidden', 'This job belongs to another account.');
  return jobId;
}

/** The received file, checked (size, type, pixels, decode) before the job is claimed. */
async function checkedImage(ctx: WebhookContext, form: ReceivedForm): Promise<DecodedImage> {
  if (form.tooLarge) throw new WorkerError('file_too_large', fileTooLargeMessage(ctx.maxUploadBytes));
  if (!form.file) throw new WorkerError('missing_image', 'Attach the image to refine in the "image" field.');
  const { path, bytes } = form.file;
  return ctx.queue.run(() => validateAndDecode(path, bytes, { maxPixels: ctx.maxPixels }));
}

/**
 * A refused file still ends the job it was sent for, so its credits come back at once rather than
 * when the sweeper finds it. Claiming first keeps the ownership and state checks: a foreign or
 * finished job is reported as such and left alone.
 */
async function refuseWithRefund(ctx: WebhookContext, jobId: string, userId: string, refusal: WorkerError): Promise<WorkerError> {
  await claimJob(ctx.service, jobId, userId);
  const refunded = await failJob(ctx.service, jobId, refusal.message);
  return refusal.with({ job_id: jobId, refunded });
}

/**
 * Processes a claimed job, stores the result and records it with complete_job. Until the job is
 * recorded, any failure fails it (refund) and removes the stored file; once recorded it is final.
 */
async function processClaimedJob(
  ctx: WebhookContext,
  studio: Studio,
  job: ClaimedJob,
  image: DecodedImage,
  fields: Record<string, string>,
  timings: Timings,
) {
  let storedPath: string | null = null;
  try {
    if (job.studio !== studio.studio) {
      throw new WorkerError('wrong_studio', `This job was started for ${job.studio}, not for this studio.`);
    }
    const result = await timings.time('process', () => ctx.queue.run(() => studio.run(image, job, fields)));
    const path = `${job.user_id}/${studio.folder}/${job.job_id}.${result.ext}`;
    await timings.time('store', () => storeResult(ctx.service, path, result.buffer, result.mimeType));
    storedPath = path;
    const { buffer: _bytes, ...meta } = result;
    const outcome = await timings.time('complete', () =>
      completeJob(ctx.service, job.job_id, {
        path, bucket: RESULT_BUCKET, mime_type: meta.mimeType, width: meta.width, height: meta.height, bytes: meta.bytes,
        applied: meta.applied, ignored: meta.ignored,
      }),
    );
    if (!outcome.changed) {
      // The sweeper failed (and refunded) the job while it was processing: the result has no row.
      throw new WorkerError('job_expired', 'This job timed out before it finished and its credits were refunded. Start a new refinement.');
    }
    return { path, meta };
  } catch (err) {
    const failure = toWorkerError(err);
    const unexpected = failure.code === 'internal_error';
    if (unexpected) console.error(`[worker] job ${job.job_id} failed:`, err);
    const refunded = await failJob(ctx.service, job.job_id, unexpected ? 'The image could not be processed.' : failure.message).catch(
      (refundErr: unknown) => {
        console.error(`[worker] job ${job.job_id}: the refund failed; the sweeper will retry it:`, refundErr);
        return 0;
      },
    );
    if (storedPath) await removeResult(ctx.service, storedPath).catch(() => undefined);
    const message = unexpected
      ? `The image could not be processed.${refunded > 0 ? ' Your credits were refunded.' : ''}`
      : failure.message;
    throw new WorkerError(unexpected ? 'processing_failed' : failure.code, message, { ...failure.extra, job_id: job.job_id, refunded });
  }
}

/** One webhook request, start to finish (ARCHITECTURE.md §4 steps 3–5). */
export async function handleWebhook(ctx: WebhookContext, studio: Studio, req: IncomingMessage, timings: Timings): Promise<WebhookReply> {
  const token = bearerToken(req);
  const user = await timings.time('auth', () => authenticate(ctx.service, token));
  const form = await timings.time('receive', () => receiveMultipart(req, { maxFileBytes: ctx.maxUploadBytes, fileField: 'image' }));
  try {
    const jobId = jobIdOf(form, user.id);
    let image: DecodedImage;
    try {
      image = await timings.time('decode', () => checkedImage(ctx, form));
    } catch (err) {
      throw err instanceof WorkerError ? await refuseWithRefund(ctx, jobId, user.id, err) : err;
    }
    await form.cleanup();

    const job = await timings.time('claim', () => claimJob(ctx.service, jobId, user.id));
    const { path, meta } = await processClaimedJob(ctx, studio, job, image, form.fields, timings);
    // The job is recorded and charged: nothing from here on may undo it. A signing failure only
    // costs the reply its URL; the studio loads the result from the job's content row instead.
    const url = await signedUrl(ctx.service, path).catch((err: unknown) => {
      console.error(`[worker] job ${job.job_id} completed but its result could not be signed:`, err);
      return null;
    });
    return {
      job_id: job.job_id, status: 'completed', url, width: meta.width, height: meta.height, bytes: meta.bytes,
      applied: meta.applied, ignored: meta.ignored,
    };
  } finally {
    await form.cleanup();
  }
}
