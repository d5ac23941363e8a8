import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { AppError } from '@/lib/errors';
import type { ImageKind } from '@/lib/jobs/image-file';
import type { JobReply } from '@/lib/jobs/send-job-request';
import type { LightboxOptions } from '@/lib/jobs/studios/lightbox';
import { useStudioRun, type StudioJobConfig } from '@/lib/jobs/use-studio-run';
import { lightboxImagesQuery } from '../api/get-lightbox-images';
import { lightboxKeys } from '../api/keys';
import { LIGHTBOX_STUDIO, lightboxWebhook } from '../studio';
import type { LightboxImage } from '../types';

export interface LightboxRunInput {
  file: File;
  kind: ImageKind;
  options: LightboxOptions;
}

/** A lightbox run on the shared studio pipeline: the lightbox form (SPEC.md §7) and how a result is read back. */
export function useLightboxRun(user: { id: string; email: string } | null) {
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

  const config = useMemo(
    (): StudioJobConfig<LightboxImage> => ({
      ...LIGHTBOX_STUDIO,
      webhook: lightboxWebhook(),
      loadResult,
      describeResult: (image) => ({ output: image.output, compliant: image.compliance.every((c) => c.passed) }),
    }),
    [loadResult],
  );
  const studio = useStudioRun(config, user);
  const { run: runJob } = studio;

  const run = useCallback(
    ({ file, kind, options }: LightboxRunInput) =>
      runJob({
        file,
        kind,
        options: { preset: 'default', title: options.product_name, ...options },
        fields: () => ({ product_name: options.product_name, background_description: options.background_description }),
        eventData: { output: options.output, background: options.background },
      }),
    [runJob],
  );

  return { ...studio, run };
}
