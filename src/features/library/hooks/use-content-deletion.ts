import { countOf } from '@/lib/format';
import { toast } from 'sonner';
import { logError } from '@/lib/logger';
import { useDeleteContent, type DeleteOutcome } from '../api/delete-content';
import { isLibraryContentType } from '../lib/content-types';
import type { ContentItem } from '../types';

/**
 * Deletes with docs/spec.md §8's toasts, reporting the truth (docs/architecture.md §8): success only for
 * what the server really deleted; a bulk delete names how many failed and hands their ids back so
 * they stay selected.
 */
export function useContentDeletion() {
  const mutation = useDeleteContent();

  async function deleteOne(item: ContentItem): Promise<boolean> {
    if (!isLibraryContentType(item.type)) {
      toast.error('Deletion Failed', { description: `Cannot delete ${item.name}: unknown content type "${String(item.type)}".` });
      return false;
    }
    try {
      const outcome = await mutation.mutateAsync({ ids: [item.id] });
      if (outcome.deleted.includes(item.id)) {
        toast.success('Deleted Successfully', { description: `${item.name} has been removed from your library.` });
        return true;
      }
      logError('library delete refused', { category: 'storage', id: item.id, failed: outcome.failed });
    } catch (error) {
      logError('library delete failed', { category: 'storage', error, id: item.id });
    }
    toast.error('Deletion Failed', { description: `Could not delete ${item.name}. Please try again.` });
    return false;
  }

  /** Returns the ids that are still there (failed or skipped); empty when everything went. */
  async function deleteMany(items: readonly ContentItem[]): Promise<string[]> {
    const known = items.filter((i) => isLibraryContentType(i.type));
    const skipped = items.filter((i) => !isLibraryContentType(i.type));
    if (skipped.length > 0) {
      toast.warning(`${countOf(skipped.length, 'item has', 'items have')} an unknown content type`, {
        description: 'They were skipped and stay in your library.',
      });
    }
    if (known.length === 0) return skipped.map((i) => i.id);
    let outcome: DeleteOutcome;
    try {
      outcome = await mutation.mutateAsync({ ids: known.map((i) => i.id) });
    } catch (error) {
      logError('library bulk delete failed', { category: 'storage', error, count: known.length });
      toast.error('Bulk Deletion Failed', { description: 'Could not delete all selected items. Please try again.' });
      return items.map((i) => i.id);
    }
    if (outcome.failed.length > 0) {
      logError('library bulk delete partly failed', { category: 'storage', failed: outcome.failed });
      const names = outcome.failed.map((f) => items.find((i) => i.id === f.id)?.name ?? f.id);
      toast.error('Bulk Deletion Failed', {
        description: `Could not delete all selected items. Please try again. ${outcome.deleted.length} of ${known.length} were deleted; still here: ${names.join(', ')}.`,
      });
    } else {
      toast.success('Deleted Successfully', { description: `${countOf(outcome.deleted.length, 'item has', 'items have')} been removed from your library.` });
    }
    return [...outcome.failed.map((f) => f.id), ...skipped.map((i) => i.id)];
  }

  return { deleteOne, deleteMany, isDeleting: mutation.isPending };
}
