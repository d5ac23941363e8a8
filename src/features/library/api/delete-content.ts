import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { libraryKeys } from './keys';

export const deleteContentInput = z.object({ ids: z.array(z.uuid()).min(1).max(500) });
export type DeleteContentInput = z.infer<typeof deleteContentInput>;

export type DeleteResult =
  | { id: string; status: 'deleted'; file_missing: boolean }
  | { id: string; status: 'error'; code: string; error: string };

export interface DeleteOutcome {
  deleted: string[];
  failed: Extract<DeleteResult, { status: 'error' }>[];
  /** Deleted items whose file was already gone from storage (only the record remained). */
  fileMissing: string[];
}

/**
 * Deletes items through the delete-content function: file and row together, per-item truth.
 * Throws only when the request itself fails; per-item failures are in `failed`.
 */
export async function deleteContent(input: DeleteContentInput): Promise<DeleteOutcome> {
  const { ids } = deleteContentInput.parse(input);
  const { data, error } = await supabase().functions.invoke<{ results: DeleteResult[] }>('delete-content', { body: { ids } });
  if (error) handleError(error, 'Failed to delete media item');
  const results = data?.results ?? [];
  const reported = new Set(results.map((r) => r.id));
  const unreported = ids.filter((id) => !reported.has(id)).map((id) => ({ id, status: 'error' as const, code: 'server', error: 'No answer for this item' }));
  const failed = [...results.filter((r): r is Extract<DeleteResult, { status: 'error' }> => r.status === 'error'), ...unreported];
  const deleted = results.filter((r) => r.status === 'deleted');
  return { deleted: deleted.map((r) => r.id), failed, fileMissing: deleted.filter((r) => r.file_missing).map((r) => r.id) };
}

/** The mutation refreshes every library list afterwards, whatever the outcome: the list shows what is stored. */
export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryKeys.lists() }),
  });
}
