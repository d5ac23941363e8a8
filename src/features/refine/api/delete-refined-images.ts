import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { AppError, handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { refineKeys } from './keys';

const ResultsSchema = z.object({
  results: z.array(z.object({ id: z.string(), status: z.enum(['deleted', 'error']), error: z.string().optional() })),
});

export interface DeleteOutcome {
  deleted: string[];
  failed: { id: string; error: string }[];
}

/**
 * Deletes refined images through the delete-content function, which removes each file and its
 * content row together and reports per item what really happened (ARCHITECTURE.md §8).
 */
export async function deleteRefinedImages(ids: string[]): Promise<DeleteOutcome> {
  if (ids.length === 0) return { deleted: [], failed: [] };
  const { data, error } = await supabase().functions.invoke('delete-content', { body: { ids } });
  if (error) handleError(error, 'Failed to delete file');
  const parsed = ResultsSchema.safeParse(data);
  if (!parsed.success) throw new AppError('server', 'Failed to delete file');
  const outcome: DeleteOutcome = { deleted: [], failed: [] };
  for (const r of parsed.data.results) {
    if (r.status === 'deleted') outcome.deleted.push(r.id);
    else outcome.failed.push({ id: r.id, error: r.error ?? 'Failed to delete file' });
  }
  return outcome;
}

/** Every refine result of the user, not only the 9 on screen: 'clear all' empties the library's refined images. */
export async function clearRefinedImages(): Promise<DeleteOutcome> {
  const { data, error } = await supabase().from('content_generations').select('id').eq('content_type', 'refine_image').limit(500);
  if (error) handleError(error, 'Failed to fetch media library');
  return deleteRefinedImages((data ?? []).map((row) => row.id));
}

/** Mutations refresh the gallery whatever the outcome: a partial failure must show what is left. */
export function useDeleteRefinedImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRefinedImages,
    onSettled: () => queryClient.invalidateQueries({ queryKey: refineKeys.images() }),
  });
}

export function useClearRefinedImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearRefinedImages,
    onSettled: () => queryClient.invalidateQueries({ queryKey: refineKeys.images() }),
  });
}
