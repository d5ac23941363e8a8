import type { IncomingMessage } from 'node:http';
import { IMAGE_FIELD, type ImageSource, type WebhookReply } from '@shotcraft/shared/jobs/contract.ts';
import { authenticate, bearerToken } from '../auth.js';
import { toWorkerError, WorkerError } from '../http/errors.js';
import { fileTooLargeMessage, receiveMultipart, type ReceivedForm } from '../http/multipart.js';
import type { Timings } from '../http/respond.js';
import { validateAndDecode, type DecodedImage } from '../image/validate.js';
import { claimJob, completeJob, failJob, type ClaimedJob } from './job.js';
import { queuedCutout } from '../models/cutout/index.js';
import type { SceneProvider } from '../models/scene.js';
import type { Lane, Slot, Ticket } from '../queue.js';
import { downloadSource, RESULT_BUCKET, removeResults, signedUrl, storeResult } from '../storage.js';
import type { RunTools, Studio, StudioOutput } from './studio.js';
import type { WorkerContext } from '../context.js';


/** A hosted scene is waited for over the network: the job's CPU slot goes to other work meanwhile. */
function outsideSlot(scene: SceneProvider | null, slot: Slot): SceneProvider | null {
  return scene && { name: scene.name, paint: (request) => slot.outside(() => scene.paint(request)) };
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
async function checkedUpload(ctx: WorkerContext, form: ReceivedForm, ticket: Ticket): Promise<DecodedImage> {
  if (form.tooLarge) throw new WorkerError('file_too_large', fileTooLargeMessage(ctx.maxUploadBytes));
  if (!form.file) throw new WorkerError('missing_image', `Attach the photo in the "${IMAGE_FIELD}" field, or send image_source=storage.`);
  const { path, bytes } = form.file;
  return ctx.queue.run(() => validateAndDecode(path, bytes, { maxPixels: ctx.maxPixels }), ticket);
}

/**
 * The job's original from raw-uploads (image_source=storage: the browser sent the photo once, to
 * storage), with the same checks as an upload. Runs after the claim, which names the path.
 */
async function checkedSource(ctx: WorkerContext, job: ClaimedJob, ticket: Ticket): Promise<DecodedImage> {
  if (!job.source_path) throw new WorkerError('missing_image', 'This job has no uploaded photo. Upload the photo and start again.');
  const source = await downloadSource(ctx.service, job.source_path, ctx.maxUploadBytes);
  try {
    return await ctx.queue.run(() => validateAndDecode(source.path, source.bytes, { maxPixels: ctx.maxPixels }), ticket);
  } finally {
    await source.cleanup();
  }
}

/**
 * A refused file still ends the job it was sent for, so its credits come back at once rather than
 * when the sweeper finds it. Claiming first keeps the ownership and state checks: a foreign or
 * finished job is reported as such and left alone.
 */
async function refuseWithRefund(ctx: WorkerContext, jobId: string, userId: string, refusal: WorkerError): Promise<WorkerError> {
  await claimJob(ctx.service, jobId, userId);
  const refunded = await failJob(ctx.service, jobId, refusal.message);
  return refusal.with({ job_id: jobId, refunded });
}

/** Progress reports reach the job row at most every 400 ms and only when they moved a whole percent. */
function progressReporter(ctx: WorkerContext, jobId: string): RunTools {
  let last = -1;
  let lastAt = 0;
  return {
    progress(fraction) {
      const percent = Math.floor(Math.min(1, Math.max(0, fraction)) * 100);
      const now = performance.now();
      if (percent <= last || (now - lastAt < 400 && percent < 100)) return;
      last = percent;
      lastAt = now;
      void ctx.service.rpc('report_job_progress', { job_id: jobId, progress: percent }).then(({ error }) => {
        if (error) console.error(`[worker] job ${jobId}: progress not recorded: ${error.message}`);
      });
    },
  };
}

/** Stores the main file and its extras; returns every stored path (main first). */
async function storeOutput(ctx: WorkerContext, bucket: string, base: string, output: StudioOutput, stored: string[]): Promise<Record<string, string>> {
  const main = `${base}.${output.ext}`;
  await storeResult(ctx.service, bucket, main, output.buffer, output.mimeType);
  stored.push(main);
  const files: Record<string, string> = {};
  const extras = output.extras ?? [];
  // A few uploads at a time: a spin has dozens of frames.
  for (let i = 0; i < extras.length; i += 8) {
    await Promise.all(
      extras.slice(i, i + 8).map(async (extra) => {
        const path = `${base}/${extra.name}`;
        await storeResult(ctx.service, bucket, path, extra.buffer, extra.mimeType);
        stored.push(path);
        files[extra.name] = path;
      }),
    );
  }
  return files;
}

/**
 * Makes and records a claimed job's result. Until the job is recorded, any failure fails it
 * (refund) and removes the stored files; once recorded it is final.
 */
async function processClaimedJob<TSource>(ctx: WorkerContext, studio: Studio<TSource>, job: ClaimedJob, input: (tools: RunTools) => Promise<TSource>, fields: Record<string, string>, timings: Timings, lane: Lane) {
  const ticket: Ticket = { lane, owner: job.user_id, waited: (ms) => timings.add('wait', ms) };
  const modelTicket: Ticket = { lane, owner: job.user_id, waited: (ms) => timings.add('model-wait', ms) };
  const bucket = studio.bucket ?? RESULT_BUCKET;
  const stored: string[] = [];
  const tools = progressReporter(ctx, job.job_id);
  let source: TSource | undefined;
  try {
    if (job.studio !== studio.studio) {
      throw new WorkerError('wrong_studio', `This job was started for ${job.studio}, not for this studio.`);
    }
    source = await timings.time('source', () => input(tools));
    const pixels = source;
    const output = await timings.time('process', () =>
      ctx.queue.run((slot) => studio.run(pixels, job, fields, { ...tools, renderScale: ctx.renderScale, spinEncodeTimeoutMs: ctx.spinEncodeTimeoutMs, cutout: () => queuedCutout(ctx.cutout(), ctx.models, slot, modelTicket, (ms) => timings.add('model', ms)), scene: () => outsideSlot(ctx.scene(), slot) }), ticket),
    );
    const base = `${job.user_id}/${studio.folder}/${job.job_id}`;
    const files = await timings.time('store', () => storeOutput(ctx, bucket, base, output, stored));
    const path = stored[0]!;
    const details = output.extras?.length ? { ...output.details, files } : output.details;
    const outcome = await timings.time('complete', () =>
      completeJob(ctx.service, job.job_id, {
        path, bucket, media: output.media, mime_type: output.mimeType, width: output.width, height: output.height,
        duration_seconds: output.durationSeconds, bytes: output.bytes, details,
        thumbnail_path: output.thumbnail ? (files[output.thumbnail] ?? null) : null,
        ...(output.waiveCharge ? { waive_charge: true } : {}),
      }),
    );
    if (!outcome.changed) {
      // The sweeper failed (and refunded) the job while it was processing: the result has no row.
      throw new WorkerError('job_expired', 'This job timed out before it finished and its credits were refunded. Start a new run.');
    }
    // As the content row's metadata says it (complete_job): the studio shows a waived charge.
    const charge = output.waiveCharge ? { charge: outcome.waived ? 'waived' : 'charged' } : {};
    return { path, bucket, output: { ...output, details: { ...details, ...charge } } };
  } catch (err) {
    const failure = toWorkerError(err);
    const unexpected = failure.code === 'internal_error';
    if (unexpected) console.error(`[worker] job ${job.job_id} failed:`, err);
    const refunded = await failJob(ctx.service, job.job_id, unexpected ? 'The file could not be processed.' : failure.message).catch((refundErr: unknown) => {
      console.error(`[worker] job ${job.job_id}: the refund failed; the sweeper will retry it:`, refundErr);
      return 0;
    });
    if (stored.length) await removeResults(ctx.service, bucket, stored).catch(() => undefined);
    const message = unexpected ? `The file could not be processed.${refunded > 0 ? ' Your credits were refunded.' : ''}` : failure.message;
    throw new WorkerError(unexpected ? 'processing_failed' : failure.code, message, { ...failure.extra, job_id: job.job_id, refunded });
  } finally {
    if (source !== undefined) await studio.source?.release(source).catch(() => undefined);
  }
}

// A file part wins over image_source, so older clients and automation tools keep today's path.
const wantsStorage = (form: ReceivedForm) => !form.file && form.fields.image_source?.trim() === ('storage' satisfies ImageSource);

/** One webhook request, start to finish (docs/architecture.md §4 steps 3–5). */
export async function handleWebhook<TSource>(ctx: WorkerContext, studio: Studio<TSource>, req: IncomingMessage, timings: Timings): Promise<WebhookReply> {
  const token = bearerToken(req);
  const user = await timings.time('auth', () => authenticate(ctx.service, token));
  const form = await timings.time('receive', () => receiveMultipart(req, { maxFileBytes: ctx.maxUploadBytes, fileField: IMAGE_FIELD }));
  try {
    const jobId = jobIdOf(form, user.id);
    // A photo of a batch (the studio sends batch_id) waits behind single runs.
    const lane: Lane = form.fields.batch_id ? 'batch' : 'interactive';
    let input: (job: ClaimedJob, tools: RunTools) => Promise<TSource>;
    if (studio.source) {
      // A studio with its own input (a photo sequence, a video) reads it from storage only.
      if (form.file || form.tooLarge) {
        throw await refuseWithRefund(ctx, jobId, user.id, new WorkerError('invalid_request', 'This studio reads its files from storage: upload them to raw-uploads and send image_source=storage.'));
      }
      const reader = studio.source;
      input = (job, tools) => reader.read(ctx.service, job, { maxUploadBytes: ctx.maxUploadBytes, maxPixels: ctx.maxPixels }, tools);
    } else if (wantsStorage(form)) {
      input = (job) => checkedSource(ctx, job, { lane, owner: user.id }) as Promise<TSource>;
    } else {
      // A file in the form is checked before the job is claimed: a bad one costs no processing.
      let upload: DecodedImage;
      try {
        upload = await timings.time('decode', () => checkedUpload(ctx, form, { lane, owner: user.id }));
      } catch (err) {
        throw err instanceof WorkerError ? await refuseWithRefund(ctx, jobId, user.id, err) : err;
      }
      await form.cleanup();
      input = async () => upload as TSource;
    }

    const job = await timings.time('claim', () => claimJob(ctx.service, jobId, user.id));
    const { path, bucket, output } = await processClaimedJob(ctx, studio, job, (tools) => input(job, tools), form.fields, timings, lane);
    // The job is recorded and charged: nothing from here on may undo it. A signing failure only
    // costs the reply its URL; the studio loads the result from the job's content row instead.
    const url = await signedUrl(ctx.service, bucket, path).catch((err: unknown) => {
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
