import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AppError } from '@/lib/errors';
import { asTexts } from '@/lib/jobs/get-studio-results';
import type { ImageKind } from '@/lib/jobs/image-file';
import type { JobReply } from '@/lib/jobs/send-job-request';
import { useStudioRun, type StudioJobConfig } from '@/lib/jobs/use-studio-run';
import { refinedImagesQuery } from '../api/get-refined-images';
import { refineKeys } from '../api/keys';
import type { ResolvedEnhancement } from '../selection';
import { REFINE_STUDIO, refineWebhook } from '../studio';
import type { RefinedImage } from '../types';

export interface RunInput {
  file: File;
  kind: ImageKind;
  enhancement: ResolvedEnhancement;
}

/**
 * A refine run on the shared studio pipeline. Refine adds only its form fields (SPEC.md §7), how a
 * finished job becomes a gallery image, and the images an external tool sent back as files.
 */
export function useRefineRun(user: { id: string; email: string } | null) {
  const queryClient = useQueryClient();
  /** Images an external tool sent back as binary: shown from object URLs, not stored. */
  const [unsaved, setUnsaved] = useState<RefinedImage[]>([]);
  const unsavedRef = useRef(unsaved);
  useEffect(() => {
    unsavedRef.current = unsaved;
  }, [unsaved]);
  useEffect(() => () => unsavedRef.current.forEach((image) => URL.revokeObjectURL(image.url)), []);
  const pending = useRef<ResolvedEnhancement | null>(null);

  /** The stored result, read back through the gallery query, with what the worker applied. */
  const loadResult = useCallback(
    async (jobId: string, reply: JobReply): Promise<RefinedImage> => {
      const enhancement = pending.current;
      const base = { jobId, label: enhancement?.customText || enhancement?.label || 'Refined image', createdAt: new Date().toISOString(), originalUrl: null };
      if (reply.kind === 'binary') {
        const image = { ...base, id: jobId, url: URL.createObjectURL(reply.blob), savedToStorage: false, applied: [], ignored: [], mimeType: reply.blob.type };
        setUnsaved((list) => [image, ...list]);
        return image;
      }
      await queryClient.invalidateQueries({ queryKey: refineKeys.images() });
      const images = user ? await queryClient.fetchQuery(refinedImagesQuery(user.id)) : [];
      const stored = images.find((image) => image.jobId === jobId);
      const applied = asTexts(reply.result.details.applied);
      const ignored = asTexts(reply.result.details.ignored);
      if (stored) return { ...stored, applied, ignored };
      if (!reply.result.url) throw new AppError('server', 'Your image was refined and saved, but it could not be shown. Refresh the gallery.');
      return { ...base, id: jobId, url: reply.result.url, savedToStorage: true, applied, ignored, mimeType: reply.result.mime_type };
    },
    [queryClient, user],
  );

  const config = useMemo(
    (): StudioJobConfig<RefinedImage> => ({
      ...REFINE_STUDIO,
      webhook: refineWebhook(),
      loadResult,
      describeResult: (image) => ({ applied: image.applied }),
    }),
    [loadResult],
  );
  const { progress, lastResult, setLastResult, run: runJob } = useStudioRun(config, user);

  const run = useCallback(
    ({ file, kind, enhancement }: RunInput) => {
      pending.current = enhancement;
      return runJob({
        file,
        kind,
        options: { preset: enhancement.preset, title: enhancement.title, label: enhancement.label, description: enhancement.description, custom_text: enhancement.customText },
        fields: (job) => ({
          enhancement_type: enhancement.preset,
          label: enhancement.label,
          description: enhancement.description,
          credits: String(job.cost),
          custom_text: enhancement.customText,
        }),
        eventData: { enhancement_type: enhancement.preset },
      });
    },
    [runJob],
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
    [setLastResult],
  );

  return { progress, lastResult, unsaved, run, forgetUnsaved };
}
