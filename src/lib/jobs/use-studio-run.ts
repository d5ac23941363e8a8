import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { trackEvent } from '@/lib/analytics/track-event';
import { applyJobStarted, invalidateCredits } from '@/lib/credits/api';
import { env } from '@/lib/env';
import { AppError, toAppError } from '@/lib/errors';
import { cancelJob } from './cancel-job';
import { RAW_UPLOADS_BUCKET, type StudioKey } from './contract';
import { getAccessToken } from './get-access-token';
import { getJob } from './get-job';
import type { ImageKind, StudioMessage } from './image-file';
import { advance, IDLE, runStages, type RunProgress, type StageWords } from './run-stages';
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
  /** The service error of SPEC.md §8, e.g. 'Failed to refine image'. */
  failure: string;
  /** Toasts: too few credits, and the title of a failed run ('Refinement failed'). */
  messages: { insufficientCredits: StudioMessage; failed: string };
  /** Reads the finished result once the job row says completed (or an external tool sent the file). */
  loadResult: (jobId: string, reply: JobReply) => Promise<TResult>;
  /** Extra fields for the completed analytics event. */
  describeResult?: (result: TResult) => Record<string, unknown>;
}

export interface RunRequest {
  file: File;
  kind: ImageKind;
  /** Stored on the job by start_job: the preset (its price), a title and the studio's options. */
  options: JobSettings;
  /** The studio's own webhook form fields (SPEC.md §7), given the reserved job. */
  fields: (job: StartedJob) => Record<string, string>;
  /** Extra data for the analytics events. */
  eventData?: Record<string, unknown>;
}

/** How long to wait for the realtime channel before sending anyway (it only refines progress). */
const SUBSCRIBE_WAIT_MS = 3000;

/**
 * One studio run, end to end (ARCHITECTURE.md §4): upload the original once with progress,
 * reserve the job with start_job, follow its row over realtime, send the form to the studio's
 * webhook (the worker reads the photo from storage), then confirm the outcome from the job row
 * and read the result. A run that fails before the worker took the job is refunded at once.
 */
export function useStudioRun<TResult>(config: StudioJobConfig<TResult>, user: { id: string; email: string } | null) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<RunProgress>(IDLE);
  const [lastResult, setLastResult] = useState<TResult | null>(null);
  const { studio, webhook, words, failure, messages, loadResult, describeResult } = config;
  const stages = useMemo(() => runStages(words), [words]);
  const step = useCallback((next: RunProgress) => setProgress((current) => advance(current, next)), []);

  const confirm = useCallback(
    async (jobId: string, reply: JobReply): Promise<TResult> => {
      if (reply.kind === 'json') {
        const row = await getJob(studio, jobId);
        if (row.status === 'failed') throw new AppError('server', row.err ?? failure);
        if (row.status !== 'completed') throw new AppError('server', `${failure}: the job did not finish.`);
      }
      return loadResult(jobId, reply);
    },
    [studio, failure, loadResult],
  );

  const run = useCallback(
    async ({ file, kind, options, fields, eventData: extra = {} }: RunRequest): Promise<TResult | null> => {
      if (!user) throw new AppError('not_authenticated', 'User not authenticated');
      setProgress(stages.uploading(0));
      setLastResult(null);
      const eventData = { ...extra, file_name: file.name, file_size: file.size };
      trackEvent(`${studio}_generation_started`, eventData);
      let subscription: JobSubscription | undefined;
      let job: StartedJob | undefined;
      try {
        if (!webhook.url) throw new AppError('server', `${failure}: ${words.service} is not configured (${webhook.variable}).`);
        const sourcePath = await uploadOriginal({ userId: user.id, studio, file, kind, onProgress: (f) => step(stages.uploading(f)) });
        step(stages.reserving);
        job = await startJob(studio, { ...options, source_path: sourcePath }, failure);
        void applyJobStarted(queryClient, job);

        const jobId = job.job_id;
        subscription = subscribeJobStatus(studio, jobId, (change) => {
          if (change.status === 'processing') step(stages.processing);
        });
        await Promise.race([subscription.ready, new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS))]);

        step(stages.sending);
        const [accessToken, imageUrl] = await Promise.all([getAccessToken(), createSignedUrl(RAW_UPLOADS_BUCKET, sourcePath)]);
        // The photo is in storage already: the worker reads it there, so it crosses the network once.
        // A tool that cannot read storage gets it attached (VITE_WEBHOOK_SEND_FILE=true).
        const attach = env().VITE_WEBHOOK_SEND_FILE === 'true';
        const metadata = { source_path: sourcePath, file_name: file.name, file_size: file.size, mime_type: file.type, ...options };
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
            ...fields(job),
          },
        });

        step(stages.finishing);
        const result = await confirm(jobId, reply);
        setLastResult(result);
        step(stages.done);
        trackEvent(`${studio}_generation_completed`, { ...eventData, job_id: jobId, ...describeResult?.(result) });
        return result;
      } catch (error) {
        const appError = toAppError(error, failure);
        setProgress(IDLE);
        // Still queued means the worker never took it: refund now rather than at expiry.
        if (job) await cancelJob(job.job_id);
        if (appError.code === 'insufficient_credits') {
          toast.error(messages.insufficientCredits.title, { description: messages.insufficientCredits.description });
        } else {
          toast.error(messages.failed, { description: appError.message });
        }
        trackEvent(`${studio}_generation_failed`, { ...eventData, job_id: job?.job_id, code: appError.code, message: appError.message });
        return null;
      } finally {
        subscription?.unsubscribe();
        // A failed run was refunded (by the worker or cancel_job): show the balance the server now has.
        void invalidateCredits(queryClient);
      }
    },
    [user, studio, webhook, words, failure, messages, describeResult, queryClient, stages, step, confirm],
  );

  return { progress, lastResult, setLastResult, run };
}
