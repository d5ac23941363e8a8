import * as z from 'zod';
import { handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** One item's answer from the delete-content edge function (supabase/functions/delete-content). */
const ResultSchema = z.discriminatedUnion('status', [
  z.object({ id: z.string(), status: z.literal('deleted'), file_missing: z.boolean().default(false) }),
  z.object({ id: z.string(), status: z.literal('error'), code: z.string().default('server'), error: z.string().default('Failed to delete media item') }),
]);

export type DeleteResult = z.infer<typeof ResultSchema>;
export type DeleteFailure = Extract<DeleteResult, { status: 'error' }>;

export interface DeleteOutcome {
  deleted: string[];
  /** Every requested id the server did not report as deleted, including ids it gave no answer for. */
  failed: DeleteFailure[];
  /** Deleted items whose file was already gone from storage (only the record remained). */
  fileMissing: string[];
}

/**
 * Deletes content items through the delete-content function: file and row together, per-item
 * truth (docs/architecture.md §8). Every requested id gets a result: one the server did not answer for
 * counts as failed. Throws AppError only when the request itself fails.
 */
export async function deleteContent(ids: readonly string[]): Promise<DeleteOutcome> {
  const requested = [...new Set(ids)];
  if (requested.length === 0) return { deleted: [], failed: [], fileMissing: [] };
  const { data, error } = await supabase().functions.invoke<unknown>('delete-content', { body: { ids: requested } });
  if (error) handleError(error, 'Failed to delete media item');

  const answers = new Map<string, DeleteResult>();
  const raw = (data as { results?: unknown } | null)?.results;
  for (const entry of Array.isArray(raw) ? raw : []) {
    const parsed = ResultSchema.safeParse(entry);
    if (parsed.success) answers.set(parsed.data.id, parsed.data);
  }

  const outcome: DeleteOutcome = { deleted: [], failed: [], fileMissing: [] };
  for (const id of requested) {
    const answer = answers.get(id) ?? { id, status: 'error', code: 'server', error: 'No answer for this item' };
    if (answer.status === 'error') {
      outcome.failed.push(answer);
      continue;
    }
    outcome.deleted.push(id);
    if (answer.file_missing) outcome.fileMissing.push(id);
  }
  return outcome;
}
