import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { JobReply } from '@/domains/jobs/send-job-request';
import { useStudioRun, type StudioJobConfig, type StudioUser } from '@/domains/jobs/use-studio-run';
import { adTitle, adUploader, analysisOf, type AdInput, type Analysis } from '../api/analyze-ad';
import { adKeys } from '../api/keys';
import { AD_STUDIO, adWebhook } from '../studio';

/** The analyzer's part of the shared pipeline: its webhook, words, and the report read from the answer. */
function useAdConfig(): StudioJobConfig<Analysis> {
  const queryClient = useQueryClient();
  const loadResult = useCallback(
    async (jobId: string, reply: JobReply): Promise<Analysis> => {
      const analysis = analysisOf(jobId, reply);
      void queryClient.invalidateQueries({ queryKey: adKeys.all });
      return analysis;
    },
    [queryClient],
  );
  return useMemo(() => ({ ...AD_STUDIO, webhook: adWebhook(), loadResult, describeResult: (a: Analysis) => ({ score: a.report.score }) }), [loadResult]);
}

/**
 * One analysis on the shared studio pipeline: the ad uploaded (or its link checked and kept in the
 * options), start_job reserves the credits, the worker's webhook reads the ad and the job row
 * reports its progress.
 */
export function useAdRun(user: StudioUser | null) {
  const { progress, lastResult, error, start: startJob } = useStudioRun(useAdConfig(), user);
  /** A click on Analyze: `prepare` checks the plan, credits and the input, or says why not (null). */
  const start = useCallback(
    (prepare: () => { input: AdInput; title: string } | null) =>
      startJob(() => {
        const ready = prepare();
        if (!ready || !user) return null;
        const { input } = ready;
        const title = adTitle(input, ready.title);
        return {
          file: input.kind === 'file' ? input.file : undefined,
          upload: adUploader(user.id, input),
          options: { preset: 'default', title, ...(input.kind === 'url' ? { ad_url: input.url } : { file_name: input.file.name }) },
          fields: () => ({ product_name: title }),
          eventData: { source: input.kind },
        };
      }),
    [startJob, user],
  );
  return { progress, lastResult, error, start };
}
