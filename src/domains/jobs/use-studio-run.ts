import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { trackEvent } from '@/domains/analytics/track-event';
import { invalidateCredits } from '@/domains/credits/api';
import { toastPlanRequired } from '@/domains/credits/plan-required-toast';
import { AppError, toAppError } from '@/lib/errors';
import { advance, IDLE, runStages, type RunProgress } from './run-stages';
import { runJob, type RunRequest, type StudioJobConfig, type StudioUser } from './run-job';
import type { StartedJob } from './start-job';

export type { RunRequest, StudioJobConfig, StudioUser } from './run-job';

/**
 * A studio's single run: its progress for the run panel, the last result, and the docs/spec.md §8
 * toasts and analytics events around the shared pipeline (run-job.ts).
 */
export function useStudioRun<TResult>(config: StudioJobConfig<TResult>, user: StudioUser | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [progress, setProgress] = useState<RunProgress>(IDLE);
  const [lastResult, setLastResult] = useState<TResult | null>(null);
  /** Why the last run failed, kept on screen (a toast alone is gone in seconds). */
  const [error, setError] = useState<string | null>(null);
  const stages = useMemo(() => runStages(config.words), [config.words]);
  const step = useCallback((next: RunProgress) => setProgress((current) => advance(current, next)), []);

  const run = useCallback(
    async (request: RunRequest): Promise<TResult | null> => {
      if (!user) throw new AppError('not_authenticated', 'User not authenticated');
      const { studio, failure, messages, describeResult } = config;
      setProgress(stages.uploading(0));
      setLastResult(null);
      setError(null);
      const eventData = { ...request.eventData, ...(request.file ? { file_name: request.file.name, file_size: request.file.size } : {}) };
      trackEvent(`${studio}_generation_started`, eventData);
      let job: StartedJob | undefined;
      try {
        const result = await runJob(config, request, { user, queryClient, stages, step, onJob: (started) => (job = started) });
        setLastResult(result);
        trackEvent(`${studio}_generation_completed`, { ...eventData, job_id: job?.job_id, ...describeResult?.(result) });
        return result;
      } catch (error) {
        const appError = toAppError(error, failure);
        setProgress(IDLE);
        if (appError.code !== 'insufficient_credits') setError(appError.message);
        if (appError.code === 'insufficient_credits') {
          toast.error(messages.insufficientCredits.title, { description: messages.insufficientCredits.description });
        } else if (appError.code === 'plan_required') {
          toastPlanRequired(studio, navigate, appError.message);
        } else {
          toast.error(messages.failed, { description: appError.message });
        }
        trackEvent(`${studio}_generation_failed`, { ...eventData, job_id: job?.job_id, code: appError.code, message: appError.message });
        return null;
      } finally {
        // A failed run was refunded (by the worker or cancel_job): show the balance the server now has.
        void invalidateCredits(queryClient);
      }
    },
    [user, config, queryClient, navigate, stages, step],
  );

  /**
   * A click on the run button: the last run's result and progress go first, whatever happens next,
   * so a refused attempt never leaves the previous run's "ready, 100%" on screen. `prepare` runs
   * the studio's checks and returns the request, or null when they refused (and said why).
   */
  const start = useCallback(
    (prepare: () => RunRequest | null) => {
      setProgress(IDLE);
      setLastResult(null);
      setError(null);
      const request = prepare();
      return request ? run(request) : Promise.resolve(null);
    },
    [run],
  );

  return { progress, lastResult, error, setLastResult, start };
}
