import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { FILE_SELECTION_ERROR } from '@/domains/jobs/use-image-file';
import { toAppError } from '@/lib/errors';
import type { StudioMessage } from '@/domains/jobs/image-file';
import { browserDecoder, prepareFrames, prepareVideo, splitSelection, type PhotoDecoder, type SpinFrame, type SpinVideo } from '../spin-source';

export type SpinSourceState =
  | { status: 'empty' }
  | { status: 'preparing'; done: number; total: number }
  | { status: 'frames'; frames: SpinFrame[] }
  | { status: 'video'; video: SpinVideo }
  | { status: 'error'; message: string };

function revoke(state: SpinSourceState) {
  if (state.status === 'frames') for (const f of state.frames) URL.revokeObjectURL(f.thumbUrl);
  if (state.status === 'video') URL.revokeObjectURL(state.video.url);
}

/**
 * The spin's input: photos (checked, ordered by the number in their names, then reorderable and
 * removable in the frame strip) or one turntable video. A new selection replaces the old one.
 */
export function useSpinSource(decoder: PhotoDecoder = browserDecoder) {
  const [state, setState] = useState<SpinSourceState>({ status: 'empty' });
  const current = useRef(state);
  const selection = useRef(0);

  const replace = useCallback((next: SpinSourceState) => {
    revoke(current.current);
    current.current = next;
    setState(next);
  }, []);
  useEffect(() => () => revoke(current.current), []);

  const fail = useCallback(
    (error: StudioMessage) => {
      toast.error(error.title, { description: error.description });
      replace({ status: 'error', message: error.description });
    },
    [replace],
  );

  const select = useCallback(
    async (files: File[]) => {
      const mine = ++selection.current;
      const split = splitSelection(files);
      if (!split.ok) return fail(split.error);
      replace({ status: 'preparing', done: 0, total: split.value.kind === 'frames' ? split.value.files.length : 1 });
      try {
        if (split.value.kind === 'video') {
          const video = await prepareVideo(split.value.file);
          if (mine !== selection.current) return;
          return video.ok ? replace({ status: 'video', video: video.value }) : fail(video.error);
        }
        const frames = await prepareFrames(split.value.files, decoder, (done, total) => {
          if (mine === selection.current) setState({ status: 'preparing', done, total });
        });
        if (mine !== selection.current) return;
        return frames.ok ? replace({ status: 'frames', frames: frames.value }) : fail(frames.error);
      } catch (error) {
        const message = toAppError(error, 'The files could not be read.').message;
        toast.error(FILE_SELECTION_ERROR, { description: message });
        replace({ status: 'error', message });
      }
    },
    [decoder, fail, replace],
  );

  const update = useCallback((change: (frames: SpinFrame[]) => SpinFrame[]) => {
    const now = current.current;
    if (now.status !== 'frames') return;
    const next: SpinSourceState = { status: 'frames', frames: change(now.frames) };
    current.current = next;
    setState(next);
  }, []);

  /** Moves a frame one place earlier (-1) or later (+1) in the turn. */
  const move = useCallback(
    (id: string, by: -1 | 1) =>
      update((frames) => {
        const from = frames.findIndex((f) => f.id === id);
        const to = from + by;
        if (from < 0 || to < 0 || to >= frames.length) return frames;
        const next = [...frames];
        [next[from], next[to]] = [next[to]!, next[from]!];
        return next;
      }),
    [update],
  );

  const remove = useCallback(
    (id: string) =>
      update((frames) => {
        const gone = frames.find((f) => f.id === id);
        if (gone) URL.revokeObjectURL(gone.thumbUrl);
        return frames.filter((f) => f.id !== id);
      }),
    [update],
  );

  const clear = useCallback(() => {
    selection.current++;
    replace({ status: 'empty' });
  }, [replace]);

  return { state, select, move, remove, clear };
}

export type SpinSource = ReturnType<typeof useSpinSource>;
