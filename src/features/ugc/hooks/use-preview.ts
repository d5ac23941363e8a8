import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { toAppError } from '@/lib/errors';
import type { UgcProduct, UgcScript } from '@shotcraft/shared/jobs/studios/ugc.ts';
import { ensurePhotoFolder } from '../api/photos';
import { renderPreview } from '../api/preview';
import { projectStore } from '../store';

export type PreviewState = { status: 'idle' } | { status: 'rendering'; step: string } | { status: 'ready'; url: string; hook: string; remaining: number | null } | { status: 'error'; message: string };

/** Free previews: the photos uploaded once, then a quick low-resolution render per try. */
export function usePreview(userId: string | undefined) {
  const [state, setState] = useState<PreviewState>({ status: 'idle' });
  const url = state.status === 'ready' ? state.url : null;
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  const running = useRef(false);

  const preview = useCallback(
    async (product: UgcProduct, script: UgcScript) => {
      if (!userId || running.current) return;
      running.current = true;
      try {
        setState({ status: 'rendering', step: 'Uploading your photos…' });
        const folder = await ensurePhotoFolder(userId);
        setState({ status: 'rendering', step: 'Voicing and rendering a quick preview…' });
        const result = await renderPreview({ folder, product, script, voice: projectStore.get().voice });
        setState({ status: 'ready', url: result.url, hook: script.hook, remaining: result.remaining });
      } catch (error) {
        const message = toAppError(error, 'Could not make the preview.').message;
        toast.error('Preview failed', { description: message });
        setState({ status: 'error', message });
      } finally {
        running.current = false;
      }
    },
    [userId],
  );
  const clear = useCallback(() => setState({ status: 'idle' }), []);
  return { state, preview, clear };
}
