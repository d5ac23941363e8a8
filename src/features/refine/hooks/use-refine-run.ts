import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AppError } from '@/lib/errors';
import { asTexts } from '@/domains/jobs/get-studio-results';
import type { ImageKind } from '@/domains/jobs/image-file';
import type { RunRecipe } from '@/domains/jobs/run-job';
import type { JobReply } from '@/domains/jobs/send-job-request';
import { useBatchRun } from '@/domains/jobs/use-batch-run';
import { useStudioRun, type StudioJobConfig, type StudioUser } from '@/domains/jobs/use-studio-run';
import { refinedImagesQuery } from '../api/get-refined-images';
import { refineKeys } from '../api/keys';
import { FILE_MESSAGES } from '../messages';
import type { ResolvedEnhancement } from '../selection';
import { REFINE_STUDIO, refineWebhook } from '../studio';
import type { RefinedImage } from '../types';

export interface RunInput {
  file: File;
  kind: ImageKind;
  enhancement: ResolvedEnhancement;
}

/** The refine form of docs/spec.md §7 for one photo: the options start_job keeps and the webhook's own fields. */
export function refineRequest(enhancement: ResolvedEnhancement): RunRecipe {
  return {
    options: { preset: enhancement.preset, title: enhancement.title, label: enhancement.label, description: enhancement.description, custom_text: enhancement.customText },
    fields: (job) => ({
      enhancement_type: enhancement.preset,
      label: enhancement.label,
      description: enhancement.description,
      credits: String(job.cost),
      custom_text: enhancement.customText,
    }),
    eventData: { enhancement_type: enhancement.preset },
  };
}

/**
 * Refine's part of the shared pipeline: how a finished job becomes a gallery image (read back
 * through the gallery query), and images an external tool sent back as files (shown from object
 * URLs, not stored).
 */
function useRefineConfig(user: StudioUser | null) {
  const queryClient = useQueryClient();
  const [unsaved, setUnsaved] = useState<RefinedImage[]>([]);
  const unsavedRef = useRef(unsaved);
  useEffect(() => {
    unsavedRef.current = unsaved;
  }, [unsaved]);
  useEffect(() => () => unsavedRef.current.forEach((image) => URL.revokeObjectURL(image.url)), []);
  /** The enhancement of the run in progress (one at a time, or one recipe for a whole batch). */
  const pendingRef = useRef<ResolvedEnhancement | null>(null);

  const loadResult = useCallback(
    async (jobId: string, reply: JobReply): Promise<RefinedImage> => {
      const enhancement = pendingRef.current;
      const base = { jobId, label: enhancement?.customText || enhancement?.label || 'Refined image', createdAt: new Date().toISOString(), originalUrl: null };
      if (reply.kind === 'binary') {
        const image = { ...base, id: jobId, url: URL.createObjectURL(reply.blob), savedToStorage: false, applied: [], ignored: [], warnings: [], mimeType: reply.blob.type };
        setUnsaved((list) => [image, ...list]);
        return image;
      }
      await queryClient.invalidateQueries({ queryKey: refineKeys.images() });
      const images = user ? await queryClient.fetchQuery(refinedImagesQuery(user.id)) : [];
      const stored = images.find((image) => image.jobId === jobId);
      const applied = asTexts(reply.result.details.applied);
      const ignored = asTexts(reply.result.details.ignored);
      const warnings = asTexts(reply.result.details.warnings);
      if (stored) return { ...stored, applied, ignored, warnings };
      if (!reply.result.url) throw new AppError('server', 'Your image was refined and saved, but it could not be shown. Refresh the gallery.');
      return { ...base, id: jobId, url: reply.result.url, savedToStorage: true, applied, ignored, warnings, mimeType: reply.result.mime_type };
    },
    [queryClient, user],
  );

  const config = useMemo(
    (): StudioJobConfig<RefinedImage> => ({ ...REFINE_STUDIO, webhook: refineWebhook(), loadResult, describeResult: (image) => ({ applied: image.applied }) }),
    [loadResult],
  );
  return { config, pendingRef, unsaved, setUnsaved };
}

/** Refine runs, one photo at a time or as a batch, on the shared studio pipeline. */
export function useRefineRun(user: StudioUser | null) {
  const { config, pendingRef, unsaved, setUnsaved } = useRefineConfig(user);
  const { progress, lastResult, error, setLastResult, start: startJob } = useStudioRun(config, user);
  const batch = useBatchRun(config, user, FILE_MESSAGES);

  /** A click on Refine Image: `prepare` checks credits and the photo, or says why not (null). */
  const start = useCallback(
    (prepare: () => RunInput | null) =>
      startJob(() => {
        const input = prepare();
        if (!input) return null;
        pendingRef.current = input.enhancement;
        return { ...refineRequest(input.enhancement), file: input.file, kind: input.kind };
      }),
    [startJob, pendingRef],
  );

  const runBatch = useCallback(
    (enhancement: ResolvedEnhancement, only?: string) => {
      pendingRef.current = enhancement;
      return only ? batch.retry(only, () => refineRequest(enhancement)) : batch.start(() => refineRequest(enhancement));
    },
    [batch, pendingRef],
  );

  const forgetUnsaved = useCallback(
    (ids?: string[]) => {
      setUnsaved((list) => {
        const drop = list.filter((image) => !ids || ids.includes(image.id));
        drop.forEach((image) => URL.revokeObjectURL(image.url));
        return list.filter((image) => !drop.includes(image));
      });
      setLastResult((result) => (result && (!ids || ids.includes(result.id)) ? null : result));
    },
    [setLastResult, setUnsaved],
  );

  return { progress, lastResult, error, unsaved, start, forgetUnsaved, batch, runBatch };
}
