import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { trackEvent } from '@/domains/analytics/track-event';
import { invalidateCredits } from '@/domains/credits/api';
import { AppError, toAppError } from '@/lib/errors';
import { validateImageFile, type ImageFileMessages, type ImageKind } from './image-file';
import { advance, IDLE, runStages, type RunProgress } from './run-stages';
import { runJob, type RunRecipe, type StudioJobConfig, type StudioUser } from './run-job';

/** A batch holds at most this many photos (one recipe over many photos). */
export const MAX_BATCH = 50;
/** Photos in flight at once: enough to keep the worker busy, few enough not to crowd out others. */
export const BATCH_CONCURRENCY = 2;

export type BatchItemState = 'invalid' | 'waiting' | 'running' | 'done' | 'failed';

export interface BatchItem<TResult> {
  id: string;
  file: File;
  kind: ImageKind | null;
  state: BatchItemState;
  progress: RunProgress;
  error: string | null;
  result: TResult | null;
}

/**
 * A batch: one recipe over many photos, each photo a job of its own (a failure refunds only that
 * photo), a few at a time, with per-item state and retry of the failed ones.
 */
export function useBatchRun<TResult>(config: StudioJobConfig<TResult>, user: StudioUser | null, fileMessages: ImageFileMessages) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<BatchItem<TResult>[]>([]);
  const [running, setRunning] = useState(false);
  // The latest list for callbacks that run across many renders (add, start).
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);
  const stages = useMemo(() => runStages(config.words), [config.words]);
  const update = useCallback((id: string, patch: (item: BatchItem<TResult>) => Partial<BatchItem<TResult>>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...patch(item) } : item)));
  }, []);

  /** Adds photos (checked by their bytes at once); past MAX_BATCH the rest are left out, and said so. */
  const add = useCallback(
    async (files: readonly File[]) => {
      const room = MAX_BATCH - itemsRef.current.length;
      if (files.length > room) toast.error('Too many photos', { description: `A batch holds up to ${MAX_BATCH} photos; ${files.length - Math.max(0, room)} were left out.` });
      const checked = await Promise.all(
        files.slice(0, Math.max(0, room)).map(async (file): Promise<BatchItem<TResult>> => {
          const check = await validateImageFile(file, fileMessages).catch(() => ({ ok: false as const, error: fileMessages.invalidType }));
          return {
            id: crypto.randomUUID(),
            file,
            kind: check.ok ? check.kind : null,
            state: check.ok ? 'waiting' : 'invalid',
            progress: IDLE,
            error: check.ok ? null : `${check.error.title}: ${check.error.description}`,
            result: null,
          };
        }),
      );
      setItems((list) => [...list, ...checked]);
    },
    [fileMessages],
  );

  const remove = useCallback((id: string) => setItems((list) => list.filter((item) => item.id !== id)), []);
  const clear = useCallback(() => setItems([]), []);

  /** Runs every waiting photo with the recipe; resolves when the batch is through. */
  const start = useCallback(
    async (recipe: (item: BatchItem<TResult>) => RunRecipe, only?: string) => {
      if (!user) throw new AppError('not_authenticated', 'User not authenticated');
      const todo = itemsRef.current.filter((item) => (only ? item.id === only : item.state === 'waiting') && item.kind);
      if (todo.length === 0) return;
      setRunning(true);
      const batchId = crypto.randomUUID();
      trackEvent(`${config.studio}_generation_started`, { batch_id: batchId, photos: todo.length });
      const queue = [...todo];
      let failed = 0;
      const runOne = async (item: BatchItem<TResult>) => {
        update(item.id, () => ({ state: 'running', error: null, progress: stages.uploading(0) }));
        const step = (next: RunProgress) => update(item.id, (current) => ({ progress: advance(current.progress, next) }));
        try {
          const result = await runJob(config, { ...recipe(item), file: item.file, kind: item.kind! }, { user, queryClient, stages, step, batchId });
          update(item.id, () => ({ state: 'done', result }));
        } catch (error) {
          failed++;
          update(item.id, () => ({ state: 'failed', progress: IDLE, error: toAppError(error, config.failure).message }));
        }
      };
      const lanes = Array.from({ length: Math.min(BATCH_CONCURRENCY, queue.length) }, async () => {
        for (let item = queue.shift(); item; item = queue.shift()) await runOne(item);
      });
      await Promise.all(lanes);
      setRunning(false);
      void invalidateCredits(queryClient);
      trackEvent(`${config.studio}_generation_completed`, { batch_id: batchId, photos: todo.length, failed });
      if (failed > 0) toast.error('Batch finished with errors', { description: `${todo.length - failed} of ${todo.length} photos done, ${failed} failed. Their credits were refunded; retry them from the list.` });
      else toast.success('Batch finished', { description: `${todo.length} ${todo.length === 1 ? 'photo' : 'photos'} done.` });
    },
    [user, config, queryClient, stages, update],
  );

  const counts = useMemo(() => {
    const by = (state: BatchItemState) => items.filter((item) => item.state === state).length;
    return { waiting: by('waiting'), done: by('done'), failed: by('failed') };
  }, [items]);

  return { items, counts, running, add, remove, clear, start, retry: (id: string, recipe: Parameters<typeof start>[0]) => start(recipe, id) };
}
