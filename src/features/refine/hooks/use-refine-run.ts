import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { applyJobStarted, invalidateCredits } from '@/lib/credits/api';
import { AppError, toAppError } from '@/lib/errors';
import { cancelRefineJob } from '../api/cancel-refine-job';
import { createSignedUrl } from '../api/create-signed-url';
import { getAccessToken } from '../api/get-access-token';
import { getRefineJob } from '../api/get-refine-job';
import { refinedImagesQuery } from '../api/get-refined-images';
import { refineKeys } from '../api/keys';
import { sendRefineRequest, type RefineReply } from '../api/send-refine-request';
import { startRefineJob, type StartedJob } from '../api/start-refine-job';
import { subscribeJobStatus, type JobSubscription } from '../api/subscribe-job-status';
import { trackRefineEvent } from '../api/track-refine-event';
import { RAW_UPLOADS_BUCKET, uploadOriginal } from '../api/upload-original';
import type { ImageKind } from '../file-validation';
import { REFINE_MESSAGES } from '../messages';
import { advance, IDLE, stages, type RunProgress } from '../run-stages';
import type { ResolvedEnhancement } from '../selection';
import type { RefinedImage } from '../types';

export interface RunInput {
  file: File;
  kind: ImageKind;
  enhancement: ResolvedEnhancement;
}

/** How long to wait for the realtime channel before sending anyway (it only refines progress). */
const SUBSCRIBE_WAIT_MS = 3000;

/**
 * One refine run, end to end (ARCHITECTURE.md §4): upload the original with progress, reserve the
 * job with start_job, follow its row over realtime, send the form to the refine webhook, then
 * confirm the outcome from the job row and load the stored result into the gallery.
 */
export function useRefineRun(user: { id: string; email: string } | null) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<RunProgress>(IDLE);
  const [lastResult, setLastResult] = useState<RefinedImage | null>(null);
  /** Images an external tool sent back as binary: shown from object URLs, not stored. */
  const [unsaved, setUnsaved] = useState<RefinedImage[]>([]);
  const unsavedRef = useRef(unsaved);
  useEffect(() => {
    unsavedRef.current = unsaved;
  }, [unsaved]);
  useEffect(() => () => unsavedRef.current.forEach((image) => URL.revokeObjectURL(image.url)), []);

  const step = useCallback((next: RunProgress) => setProgress((current) => advance(current, next)), []);

  /**
   * The 'Checking' stage: the job row must say completed (the worker completes it before replying),
   * then the stored result is read back through the gallery query.
   */
  const confirmResult = useCallback(
    async (jobId: string, reply: RefineReply, enhancement: ResolvedEnhancement): Promise<RefinedImage> => {
      const base = { jobId, enhancement: enhancement.customText || enhancement.label, createdAt: new Date().toISOString(), originalUrl: null };
      if (reply.kind === 'binary') {
        return { ...base, id: jobId, url: URL.createObjectURL(reply.blob), savedToStorage: false, applied: [], ignored: [], mimeType: reply.blob.type };
      }
      const row = await getRefineJob(jobId);
      if (row.status === 'failed') throw new AppError('server', row.err ?? 'Failed to refine image');
      if (row.status !== 'completed') throw new AppError('server', 'Failed to refine image: the job did not finish.');
      await queryClient.invalidateQueries({ queryKey: refineKeys.images() });
      const images = user ? await queryClient.fetchQuery(refinedImagesQuery(user.id)) : [];
      const stored = images.find((image) => image.jobId === jobId);
      const { applied, ignored } = reply.result;
      if (stored) return { ...stored, applied, ignored };
      if (!reply.result.url) throw new AppError('server', 'Your image was refined and saved, but it could not be shown. Refresh the gallery.');
      return { ...base, id: jobId, url: reply.result.url, savedToStorage: true, applied, ignored, mimeType: null };
    },
    [queryClient, user],
  );

  const run = useCallback(
    async ({ file, kind, enhancement }: RunInput) => {
      if (!user) throw new AppError('not_authenticated', 'User not authenticated');
      setProgress(stages.uploading(0));
      setLastResult(null);
      const eventData = { enhancement_type: enhancement.preset, file_name: file.name, file_size: file.size };
      trackRefineEvent('refine_image_generation_started', eventData);
      let subscription: JobSubscription | undefined;
      let job: StartedJob | undefined;
      try {
        const sourcePath = await uploadOriginal({ userId: user.id, file, kind, onProgress: (f) => step(stages.uploading(f)) });
        step(stages.reserving);
        job = await startRefineJob(enhancement, sourcePath);
        void applyJobStarted(queryClient, job);

        subscription = subscribeJobStatus(job.job_id, (change) => {
          if (change.status === 'processing') step(stages.processing);
        });
        await Promise.race([subscription.ready, new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS))]);

        step(stages.sending);
        const [accessToken, imageUrl] = await Promise.all([getAccessToken(), createSignedUrl(RAW_UPLOADS_BUCKET, sourcePath)]);
        const reply = await sendRefineRequest({
          jobId: job.job_id,
          userId: user.id,
          userEmail: user.email,
          enhancementType: enhancement.preset,
          label: enhancement.label,
          description: enhancement.description,
          credits: job.cost,
          imageUrl,
          image: file,
          metadata: { source_path: sourcePath, file_name: file.name, file_size: file.size, mime_type: file.type, preset: enhancement.preset },
          customText: enhancement.customText,
          accessToken,
        });

        step(stages.checking);
        const image = await confirmResult(job.job_id, reply, enhancement);
        if (!image.savedToStorage) setUnsaved((list) => [image, ...list]);
        setLastResult(image);
        step(stages.done);
        trackRefineEvent('refine_image_generation_completed', { ...eventData, job_id: job.job_id, applied: image.applied });
      } catch (error) {
        const appError = toAppError(error, 'Failed to refine image');
        setProgress(IDLE);
        // Still queued means the worker never took it: refund now rather than at expiry.
        if (job) await cancelRefineJob(job.job_id);
        if (appError.code === 'insufficient_credits') {
          toast.error(REFINE_MESSAGES.insufficientCredits.title, { description: REFINE_MESSAGES.insufficientCredits.description });
        } else {
          toast.error(REFINE_MESSAGES.refinementFailed, { description: appError.message });
        }
        trackRefineEvent('refine_image_generation_failed', { ...eventData, job_id: job?.job_id, code: appError.code, message: appError.message });
      } finally {
        subscription?.unsubscribe();
        // A failed run was refunded (by the worker or cancel_job): show the balance the server now has.
        void invalidateCredits(queryClient);
      }
    },
    [user, queryClient, step, confirmResult],
  );

  const forgetUnsaved = useCallback((ids?: string[]) => {
    setUnsaved((list) => {
      const drop = list.filter((image) => !ids || ids.includes(image.id));
      drop.forEach((image) => URL.revokeObjectURL(image.url));
      return list.filter((image) => !drop.includes(image));
    });
    setLastResult((result) => (result && (!ids || ids.includes(result.id)) ? null : result));
  }, []);

  return { progress, lastResult, unsaved, run, forgetUnsaved };
}
