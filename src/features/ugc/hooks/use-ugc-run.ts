import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { AppError } from '@/lib/errors';
import type { JobReply } from '@/domains/jobs/send-job-request';
import type { UgcProduct, UgcScript } from '@shotcraft/shared/jobs/studios/ugc.ts';
import { useStudioRun, type StudioJobConfig, type StudioUser } from '@/domains/jobs/use-studio-run';
import { ugcVideosQuery } from '../api/get-ugc-videos';
import { ugcKeys } from '../api/keys';
import { ensurePhotoFolder } from '../api/photos';
import { projectStore } from '../store';
import { UGC_STUDIO, ugcWebhook } from '../studio';
import type { UgcVideo } from '../types';

function useUgcConfig(user: StudioUser | null): StudioJobConfig<UgcVideo> {
  const queryClient = useQueryClient();
  const loadResult = useCallback(
    async (jobId: string, reply: JobReply): Promise<UgcVideo> => {
      if (reply.kind === 'binary') throw new AppError('server', 'The video service answered with a file this studio cannot store. Check the webhook configuration.');
      await queryClient.invalidateQueries({ queryKey: ugcKeys.videos() });
      const videos = user ? await queryClient.fetchQuery(ugcVideosQuery(user.id)) : [];
      const stored = videos.find((v) => v.jobId === jobId);
      if (!stored) throw new AppError('server', 'Your video was rendered and saved, but it could not be shown. Refresh the gallery.');
      return stored;
    },
    [queryClient, user],
  );
  return useMemo(() => ({ ...UGC_STUDIO, webhook: ugcWebhook(), loadResult, describeResult: (v: UgcVideo) => ({ hook: v.hook, aspect: v.aspect }) }), [loadResult]);
}

/** A full render on the shared pipeline: the photos' folder (uploaded once), the product and the chosen script. */
export function useUgcRun(user: StudioUser | null) {
  const { progress, lastResult, error, start: startJob } = useStudioRun(useUgcConfig(user), user);
  const start = useCallback(
    (prepare: () => { product: UgcProduct; script: UgcScript } | null) =>
      startJob(() => {
        const ready = prepare();
        const first = projectStore.get().photos[0];
        if (!ready || !user || !first) return null;
        const { product, script } = ready;
        return {
          file: first.file ?? new File([], first.name, { type: 'image/jpeg' }),
          upload: async (onProgress) => {
            const folder = await ensurePhotoFolder(user.id, onProgress);
            return { sourcePath: folder, imagePath: projectStore.get().photos[0]!.path! };
          },
          // The product and script are the options start_job stores (and charges for); the worker reads them there.
          options: { preset: 'default', title: product.name, product: { ...product }, script: { hook: script.hook, scenes: script.scenes.map((s) => ({ ...s })) }, voice: projectStore.get().voice },
          fields: () => ({ product_name: product.name, hook: script.hook }),
          eventData: { hook: script.hook, aspect: product.aspect, scenes: script.scenes.length },
        };
      }),
    [startJob, user],
  );
  return { progress, lastResult, error, start };
}
