import type { QueryClient } from '@tanstack/react-query';
import type { AuthUser } from '@/lib/auth/use-auth';
import { applyJobStarted } from '@/domains/credits/api';
import { env } from '@/lib/env';
import { libraryItemsOf } from '@/domains/library/library-input';
import { AppError } from '@/lib/errors';
import { cancelJob } from './cancel-job';
import { RAW_UPLOADS_BUCKET, type StudioKey } from '@shotcraft/shared/jobs/contract.ts';
import { getAccessToken } from './get-access-token';
import { getJob } from './get-job';
import type { ImageKind, StudioMessage } from './image-file';
import type { RunProgress, RunStages, StageWords } from './run-stages';
import { sendJobRequest, type JobReply } from './send-job-request';
import { createSignedUrl } from './signed-url';
import { startJob, type JobSettings, type StartedJob } from './start-job';
import { subscribeJobStatus, type JobSubscription } from './subscribe-job-status';
import { uploadOriginal } from './upload-original';

/** What a studio brings to the shared pipeline: its key, webhook, words, and how it reads a result. */
export interface StudioJobConfig<TResult> {
  studio: StudioKey;
  /** The webhook URL and the variable that sets it, for the "not configured" message. */
  webhook: { url: string | undefined; variable: string };
  words: StageWords;
  /** The service error of docs/spec.md §8, e.g. 'Failed to refine image'. */
  failure: string;
  /** Toasts: too few credits, and the title of a failed run ('Refinement failed'). */
  messages: { insufficientCredits: StudioMessage; failed: string };
  /** Reads the finished result once the job row says completed (or an external tool sent the file). */
  loadResult: (jobId: string, reply: JobReply) => Promise<TResult>;
  /** Extra fields for the completed analytics event. */
  describeResult?: (result: TResult) => Record<string, unknown>;
}

/**
 * A studio whose original is not one photo (a photo sequence, a video, an ad) uploads it itself.
 * Null paths: the job has no original in storage (a competitor's ad by its link, in the options).
 */
export type SourceUploader = (onProgress: (fraction: number) => void) => Promise<{
  /** What start_job stores as source_path: a file, or a folder ending in '/'. */
  sourcePath: string | null;
  /** One file of it to sign as the form's image_url (automation tools fetch it). */
  imagePath: string | null;
}>;

interface RunRequestBase {
  /** The original (for a sequence: the first photo): its name and size go into the metadata. None for a link. */
  file?: File;
  /** Stored on the job by start_job: the preset (its price), a title and the studio's options. */
  options: JobSettings;
  /** The studio's own webhook form fields (docs/spec.md §7), given the reserved job. */
  fields: (job: StartedJob) => Record<string, string>;
  /** Extra data for the analytics events. */
  eventData?: Record<string, unknown>;
}

/** A studio's recipe for a run, before the file is known (batches reuse one for every photo). */
export type RunRecipe = Pick<RunRequestBase, 'options' | 'fields' | 'eventData'>;

export type RunRequest = RunRequestBase & ({ kind: ImageKind; file: File; upload?: undefined } | { kind?: undefined; upload: SourceUploader });

/** Who runs a studio: the signed-in user's id and e-mail (the worker's form carries both). */
export type StudioUser = Pick<AuthUser, 'id' | 'email'>;

export interface RunContext {
  user: StudioUser;
  queryClient: QueryClient;
  stages: RunStages;
  /** Moves the run's progress (never backwards: see advance()). */
  step: (progress: RunProgress) => void;
  /** Set when the job is reserved, so a failure can say which job it was. */
  onJob?: (job: StartedJob) => void;
  /** Extra form fields for every run of a batch (batch_id). */
  batchId?: string;
}

/** How long to wait for the realtime channel before sending anyway (it only refines progress). */
const SUBSCRIBE_WAIT_MS = 3000;

/**
 * The run's stages as User Timing marks (`shotcraft:run:<stage>`), for bench/e2e to read with
 * performance.getEntriesByType('mark'): where the wait between the click and the result went.
 * One mark per stage, cleared when a run starts (a batch's runs overlap, so there the last one wins).
 */
const RUN_MARKS = ['start', 'uploaded', 'reserved', 'subscribed', 'sent', 'replied', 'done'] as const;
type RunMark = (typeof RUN_MARKS)[number];

function markRun(stage: RunMark, detail?: Record<string, unknown>) {
  // Timing only: a runtime without User Timing (an old browser, a test DOM) runs the same.
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  if (stage === 'start') for (const name of RUN_MARKS) performance.clearMarks(`shotcraft:run:${name}`);
  performance.mark(`shotcraft:run:${stage}`, detail ? { detail } : undefined);
}

/**
 * One studio run, end to end (docs/architecture.md §4): upload the original once with progress,
 * reserve the job with start_job, follow its row over realtime, send the form to the studio's
 * webhook (the worker reads the photo from storage), then confirm the outcome from the job row
 * and read the result. A run that fails before the worker took the job is refunded at once
 * (cancel_job); the error is thrown for the caller to show.
 */
export async function runJob<TResult>(config: StudioJobConfig<TResult>, request: RunRequest, ctx: RunContext): Promise<TResult> {
  const { studio, webhook, words, failure } = config;
  const { file, options, fields } = request;
  const { user, stages, step } = ctx;
  let subscription: JobSubscription | undefined;
  let job: StartedJob | undefined;
  markRun('start', { studio });
  try {
    if (!webhook.url) throw new AppError('server', `${failure}: ${words.service} is not configured (${webhook.variable}).`);
    step(stages.uploading(0));
    const onProgress = (f: number) => step(stages.uploading(f));
    const { sourcePath, imagePath } = request.upload
      ? await request.upload(onProgress)
      : await uploadOriginal({ userId: user.id, studio, file: request.file, kind: request.kind, onProgress }).then((path) => ({ sourcePath: path, imagePath: path }));
    markRun('uploaded');
    // The form's token and the original's signed link do not depend on the job: fetched while
    // start_job reserves it (a refusal there leaves them unused, never unhandled).
    const signing = Promise.all([getAccessToken(), imagePath ? createSignedUrl(RAW_UPLOADS_BUCKET, imagePath) : '']);
    signing.catch(() => undefined);
    step(stages.reserving);
    const fromLibrary = sourcePath ? libraryItemsOf(sourcePath) : [];
    job = await startJob(studio, { ...options, ...(sourcePath ? { source_path: sourcePath } : {}), ...(fromLibrary.length ? { from_library: fromLibrary } : {}) }, failure);
    markRun('reserved');
    ctx.onJob?.(job);
    void applyJobStarted(ctx.queryClient, job);

    const jobId = job.job_id;
    subscription = subscribeJobStatus(studio, jobId, (change) => {
      if (change.status === 'processing') step(change.progress === null ? stages.processing : stages.working(change.progress / 100));
    });
    const subscribed = await Promise.race([subscription.ready.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), SUBSCRIBE_WAIT_MS))]);
    markRun('subscribed', { timedOut: !subscribed });

    step(stages.sending);
    const [accessToken, imageUrl] = await signing;
    // The photo is in storage already: the worker reads it there, so it crosses the network once.
    // A tool that cannot read storage gets it attached (VITE_WEBHOOK_SEND_FILE=true).
    const attach = env().VITE_WEBHOOK_SEND_FILE === 'true' && !request.upload;
    markRun('sent');
    const metadata = { ...(sourcePath ? { source_path: sourcePath } : {}), ...(file ? { file_name: file.name, file_size: file.size, mime_type: file.type } : {}), ...options };
    const reply = await sendJobRequest({
      url: webhook.url,
      accessToken,
      serviceName: words.service,
      failure,
      image: attach ? file : undefined,
      fields: {
        job_id: jobId,
        user_id: user.id,
        user_email: user.email,
        form_type: studio,
        image_url: imageUrl,
        image_source: attach ? 'file' : 'storage',
        metadata: JSON.stringify(metadata),
        submitted_at: new Date().toISOString(),
        ...(ctx.batchId ? { batch_id: ctx.batchId } : {}),
        ...fields(job),
      },
    });

    markRun('replied');
    step(stages.finishing);
    if (reply.kind === 'json') {
      const row = await getJob(studio, jobId);
      if (row.status === 'failed') throw new AppError('server', row.err ?? failure);
      if (row.status !== 'completed') throw new AppError('server', `${failure}: the job did not finish.`);
    }
    const result = await config.loadResult(jobId, reply);
    markRun('done');
    step(stages.done);
    return result;
  } catch (error) {
    // Still queued means the worker never took it: refund now rather than at expiry.
    if (job) await cancelJob(job.job_id);
    throw error;
  } finally {
    subscription?.unsubscribe();
  }
}
