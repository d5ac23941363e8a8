import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { toAppError } from '@/lib/errors';
import { STUDIO_IMAGE_LIMITS, validateImageFile, type ImageFileMessages, type ImageKind, type ImageLimits, type StudioMessage } from './image-file';

export type ImageFileState =
  | { status: 'empty' }
  | { status: 'validating'; file: File }
  | { status: 'ready'; file: File; kind: ImageKind; previewUrl: string }
  | { status: 'error'; message: string };

/** docs/spec.md §8: a file that could not even be read. */
export const FILE_SELECTION_ERROR = 'File selection error';

/**
 * The chosen photo: validated in docs/spec.md §5 order as soon as it is picked, then previewed from an
 * object URL (revoked when replaced or removed). A preview that cannot decode marks the file bad.
 */
export function useImageFile(messages: ImageFileMessages, limits: ImageLimits = STUDIO_IMAGE_LIMITS) {
  const [state, setState] = useState<ImageFileState>({ status: 'empty' });

  const previewUrl = state.status === 'ready' ? state.previewUrl : undefined;
  useEffect(() => (previewUrl ? () => URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  const fail = useCallback((message: StudioMessage) => {
    toast.error(message.title, { description: message.description });
    setState({ status: 'error', message: message.description });
  }, []);

  const select = useCallback(
    async (file: File | null | undefined) => {
      if (!file) return;
      setState({ status: 'validating', file });
      try {
        const check = await validateImageFile(file, messages, limits);
        if (!check.ok) return fail(check.error);
        setState({ status: 'ready', file, kind: check.kind, previewUrl: URL.createObjectURL(file) });
      } catch (error) {
        const message = toAppError(error, 'The file could not be read.').message;
        toast.error(FILE_SELECTION_ERROR, { description: message });
        setState({ status: 'error', message });
      }
    },
    [fail, messages, limits],
  );

  const previewFailed = useCallback(() => fail(messages.previewFailed), [fail, messages]);
  const clear = useCallback(() => setState({ status: 'empty' }), []);

  return { state, select, previewFailed, clear };
}

export type ImageFile = ReturnType<typeof useImageFile>;
