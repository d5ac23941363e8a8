import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { AppError } from '@/lib/errors';
import type { ImageKind } from '@/domains/jobs/image-file';
import type { RunRecipe } from '@/domains/jobs/run-job';
import type { JobReply } from '@/domains/jobs/send-job-request';
import type { LightboxOptions } from '@shotcraft/shared/jobs/studios/lightbox.ts';
import { useBatchRun } from '@/domains/jobs/use-batch-run';
import { useStudioRun, type StudioJobConfig, type StudioUser } from '@/domains/jobs/use-studio-run';
import { lightboxImagesQuery } from '../api/get-lightbox-images';
import { lightboxKeys } from '../api/keys';
import { LIGHTBOX_STUDIO, lightboxWebhook } from '../studio';
import type { LightboxImage } from '../types';

export interface LightboxRunInput {
  file: File;
  kind: ImageKind;
  options: LightboxOptions;
}

/** The lightbox's part of the shared pipeline: its webhook, words, and how a finished job is read back. */
function useLightboxConfig(user: StudioUser | null): StudioJobConfig<LightboxImage> {
  const queryClient = useQueryClient();
  const loadResult = useCallback(
    async (jobId: string, reply: JobReply): Promise<LightboxImage> => {
      if (reply.kind === 'binary') throw new AppError('server', 'The lightbox service answered with a file this studio cannot store. Check the webhook configuration.');
      await queryClient.invalidateQueries({ queryKey: lightboxKeys.images() });
      const images = user ? await queryClient.fetchQuery(lightboxImagesQuery(user.id)) : [];
      const stored = images.find((image) => image.jobId === jobId);
      if (!stored) throw new AppError('server', 'Your lightbox image was created and saved, but it could not be shown. Refresh the gallery.');
      return stored;
    },
    [queryClient, user],
  );
  return useMemo(
    () => ({
      ...LIGHTBOX_STUDIO,
      webhook: lightboxWebhook(),
      loadResult,
      describeResult: (image: LightboxImage) => ({ output: image.output, compliant: image.compliance.every((c) => c.passed) }),
    }),
    [loadResult],
  );
}

/** The lightbox form (docs/spec.md §7) for one photo: the options start_job keeps, the fields the webhook gets. */
export function lightboxRequest(options: LightboxOptions): RunRecipe {
  return {
    options: { preset: 'default', title: options.product_name, ...options },
    fields: () => ({ product_name: options.product_name, background_description: options.background_description }),
    eventData: { output: options.output, background: options.background },
  };
}

/** One lightbox run on the shared studio pipeline. */
export function useLightboxRun(user: StudioUser | null) {
  const { progress, lastResult, error, start: startJob } = useStudioRun(useLightboxConfig(user), user);
  /** A click on Create: `prepare` checks the recipe, credits and the photo, or says why not (null). */
  const start = useCallback(
    (prepare: () => LightboxRunInput | null) =>
      startJob(() => {
        const input = prepare();
        return input && { ...lightboxRequest(input.options), file: input.file, kind: input.kind };
      }),
    [startJob],
  );
  return { progress, lastResult, error, start };
}

/** Many photos with one recipe. */
export function useLightboxBatch(user: StudioUser | null) {
  return useBatchRun(useLightboxConfig(user), user, LIGHTBOX_STUDIO.files);
}
