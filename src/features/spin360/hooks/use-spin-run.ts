import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { AppError } from '@/lib/errors';
import type { JobReply } from '@/domains/jobs/send-job-request';
import type { SpinOptions } from '@shotcraft/shared/jobs/studios/spin360.ts';
import { useStudioRun, type StudioJobConfig, type StudioUser } from '@/domains/jobs/use-studio-run';
import { spinsQuery } from '../api/get-spins';
import { spinKeys } from '../api/keys';
import type { SpinFrame, SpinVideo } from '../spin-source';
import { SPIN_STUDIO, spinWebhook } from '../studio';
import type { Spin } from '../types';
import { frameUploader, videoUploader } from '../upload-spin-source';

export type SpinInput = { kind: 'frames'; frames: SpinFrame[] } | { kind: 'video'; video: SpinVideo };

function useSpinConfig(user: StudioUser | null): StudioJobConfig<Spin> {
  const queryClient = useQueryClient();
  const loadResult = useCallback(
    async (jobId: string, reply: JobReply): Promise<Spin> => {
      if (reply.kind === 'binary') throw new AppError('server', 'The 360° spin service answered with a file this studio cannot store. Check the webhook configuration.');
      await queryClient.invalidateQueries({ queryKey: spinKeys.spins() });
      const spins = user ? await queryClient.fetchQuery(spinsQuery(user.id)) : [];
      const stored = spins.find((spin) => spin.jobId === jobId);
      if (!stored) throw new AppError('server', 'Your spin was created and saved, but it could not be shown. Refresh the gallery.');
      return stored;
    },
    [queryClient, user],
  );
  return useMemo(
    () => ({ ...SPIN_STUDIO, webhook: spinWebhook(), loadResult, describeResult: (spin: Spin) => ({ frames: spin.framePaths.length }) }),
    [loadResult],
  );
}

/** One spin on the shared studio pipeline: the photos (or the video) uploaded, then the job. */
export function useSpinRun(user: StudioUser | null) {
  const { progress, lastResult, error, start: startJob } = useStudioRun(useSpinConfig(user), user);
  const start = useCallback(
    (prepare: () => { input: SpinInput; options: SpinOptions; title: string } | null) =>
      startJob(() => {
        const ready = prepare();
        if (!ready || !user) return null;
        const { input, options, title } = ready;
        const first = input.kind === 'frames' ? input.frames[0]!.file : input.video.file;
        return {
          file: first,
          upload: input.kind === 'frames' ? frameUploader(user.id, input.frames) : videoUploader(user.id, input.video),
          options: { preset: 'default', title, ...options },
          fields: () => ({ product_name: title }),
          eventData: { source: options.source, frames: input.kind === 'frames' ? input.frames.length : options.video_frames },
        };
      }),
    [startJob, user],
  );
  return { progress, lastResult, error, start };
}
