import type { IncomingMessage } from 'node:http';
import type { SupabaseClient } from '@supabase/supabase-js';
import { IMAGE_FIELD, type ImageSource, type WebhookReply } from '../../src/lib/jobs/contract.js';
import { authenticate, bearerToken } from './auth.js';
import { toWorkerError, WorkerError } from './http/errors.js';
import { fileTooLargeMessage, receiveMultipart, type ReceivedForm } from './http/multipart.js';
import type { Timings } from './http/respond.js';
import { validateAndDecode, type DecodedImage } from './image/validate.js';
import { claimJob, completeJob, failJob, type ClaimedJob } from './jobs.js';
import type { Lane, Queue } from './queue.js';
import { downloadSource, RESULT_BUCKET, removeResult, signedUrl, storeResult } from './storage.js';
import type { Studio, StudioOutput } from './studios/index.js';

export interface WebhookContext {
  service: SupabaseClient;
  queue: Queue;
  maxUploadBytes: number;
  maxPixels: number;
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
async function checkedUpload(ctx: WebhookContext, form: ReceivedForm, lane: Lane): Promise<DecodedImage> {
  if (form.tooLarge) throw new WorkerError('file_too_large', fileTooLargeMessage(ctx.maxUploadBytes));
  if (!form.file) throw new WorkerError('missing_image', `Attach the photo in the "${IMAGE_FIELD}" field, or send image_source=storage.`);
  const { path, bytes } = form.file;
  return ctx.queue.run(() => validateAndDecode(path, bytes, { maxPixels: ctx.maxPixels }), lane);
}

/**
 * The job's original from raw-uploads (image_source=storage: the browser sent the photo once, to
 * storage), with the same checks as an upload. Runs after the claim, which names the path.
 */
async function checkedSource(ctx: WebhookContext, job: ClaimedJob, lane: Lane): Promise<DecodedImage> {
  if (!job.source_path) throw new WorkerError('missing_image', 'This job has no uploaded photo. Upload the photo and start again.');
  const source = await downloadSource(ctx.service, job.source_path, ctx.maxUploadBytes);
  try {
    return await ctx.queue.run(() => validateAndDecode(source.path, source.bytes, { maxPixels: ctx.maxPixels }), lane);
  } finally {
    await source.cleanup();
  }
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
 * Makes and records a claimed job's result. Until the job is recorded, any failure fails it
 * (refund) and removes the stored file; once recorded it is final.
 */
async function processClaimedJob(ctx: WebhookContext, studio: Studio, job: ClaimedJob, image: () => Promise<DecodedImage>, fields: Record<string, string>, timings: Timings, lane: Lane) {
  let storedPath: string | null = null;
  try {
    if (job.studio !== studio.studio) {
      throw new WorkerError('wrong_studio', `This job was started for ${job.studio}, not for this studio.`);
    }
    const pixels = await timings.time('source', image);
    const output = await timings.time('process', () => ctx.queue.run(() => studio.run(pixels, job, fields), lane));
    const path = `${job.user_id}/${studio.folder}/${job.job_id}.${output.ext}`;
    await timings.time('store', () => storeResult(ctx.service, path, output.buffer, output.mimeType));
    storedPath = path;
    const outcome = await timings.time('complete', () =>
      completeJob(ctx.service, job.job_id, {
        path, bucket: RESULT_BUCKET, media: output.media, mime_type: output.mimeType, width: output.width, height: output.height,
        duration_seconds: output.durationSeconds, bytes: output.bytes, details: output.details,
      }),
    );
    if (!outcome.changed) {
      // The sweeper failed (and refunded) the job while it was processing: the result has no row.
      throw new WorkerError('job_expired', 'This job timed out before it finished and its credits were refunded. Start a new run.');
    }
    return { path, output };
  } catch (err) {
    const failure = toWorkerError(err);
    const unexpected = failure.code === 'internal_error';
    if (unexpected) console.error(`[worker] job ${job.job_id} failed:`, err);
    const refunded = await failJob(ctx.service, job.job_id, unexpected ? 'The file could not be processed.' : failure.message).catch((refundErr: unknown) => {
      console.error(`[worker] job ${job.job_id}: the refund failed; the sweeper will retry it:`, refundErr);
      return 0;
    });
    if (storedPath) await removeResult(ctx.service, storedPath).catch(() => undefined);
    const message = unexpected ? `The file could not be processed.${refunded > 0 ? ' Your credits were refunded.' : ''}` : failure.message;
    throw new WorkerError(unexpected ? 'processing_failed' : failure.code, message, { ...failure.extra, job_id: job.job_id, refunded });
  }
}

// A file part wins over image_source, so older clients and automation tools keep today's path.
const wantsStorage = (form: ReceivedForm) => !form.file && form.fields.image_source?.trim() === ('storage' satisfies ImageSource);

/** One webhook request, start to finish (ARCHITECTURE.md §4 steps 3–5). */
export async function handleWebhook(ctx: WebhookContext, studio: Studio, req: IncomingMessage, timings: Timings): Promise<WebhookReply> {
  const token = bearerToken(req);
  const user = await timings.time('auth', () => authenticate(ctx.service, token));
  const form = await timings.time('receive', () => receiveMultipart(req, { maxFileBytes: ctx.maxUploadBytes, fileField: IMAGE_FIELD }));
  try {
    const jobId = jobIdOf(form, user.id);
    // A photo of a batch (the studio sends batch_id) waits behind single runs.
    const lane: Lane = form.fields.batch_id ? 'batch' : 'interactive';
    let image: (job: ClaimedJob) => Promise<DecodedImage>;
    if (wantsStorage(form)) {
      image = (job) => checkedSource(ctx, job, lane);
    } else {
      // A file in the form is checked before the job is claimed: a bad one costs no processing.
      let upload: DecodedImage;
      try {
        upload = await timings.time('decode', () => checkedUpload(ctx, form, lane));
      } catch (err) {
        throw err instanceof WorkerError ? await refuseWithRefund(ctx, jobId, user.id, err) : err;
      }
      await form.cleanup();
      image = async () => upload;
    }

    const job = await timings.time('claim', () => claimJob(ctx.service, jobId, user.id));
    const { path, output } = await processClaimedJob(ctx, studio, job, () => image(job), form.fields, timings, lane);
    // The job is recorded and charged: nothing from here on may undo it. A signing failure only
    // costs the reply its URL; the studio loads the result from the job's content row instead.
    const url = await signedUrl(ctx.service, path).catch((err: unknown) => {
      console.error(`[worker] job ${job.job_id} completed but its result could not be signed:`, err);
      return null;
    });
    return reply(job.job_id, url, output);
  } finally {
    await form.cleanup();
  }
}

function reply(jobId: string, url: string | null, output: StudioOutput) {
  return {
    job_id: jobId, status: 'completed', media: output.media, url, mime_type: output.mimeType, width: output.width, height: output.height,
    duration_seconds: output.durationSeconds, bytes: output.bytes, details: output.details,
  } satisfies WebhookReply;
}
