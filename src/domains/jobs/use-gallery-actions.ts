import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { deleteContent } from '@/domains/content/delete-content';
import { fetchBlob, saveBlob } from '@/lib/download';
import { downloadResultsZip } from './download-results';
import type { StudioMessage } from './image-file';

/** What the shared gallery actions need to know of an item. */
export interface ActionItem {
  id: string;
  url: string;
  label: string;
  createdAt: string;
  savedToStorage: boolean;
}

export interface GalleryActionsConfig<T extends ActionItem> {
  items: T[];
  /** The gallery query's key: every delete refreshes it, whatever the outcome. */
  queryKey: QueryKey;
  refetch: () => Promise<{ isError: boolean }>;
  /** Forgets results that were never stored (a file an external tool sent back). */
  forgetUnsaved: (ids?: string[]) => void;
  /** Deletes every result of the studio, not only those on screen. */
  clearAll: () => ReturnType<typeof deleteContent>;
  fileName: (item: T) => string;
  /** 'refined-images' → refined-images-2026-11-24.zip */
  zipName: string;
  messages: { downloadFailed: StudioMessage; nothingToDownload: StudioMessage; refreshFailed: StudioMessage; cleared: StudioMessage };
}

/**
 * Download, delete, clear and refresh for a studio's results, each with its docs/spec.md §8 toast.
 * Deletes go through the delete-content function (file and row together, per-item truth).
 */
export function useGalleryActions<T extends ActionItem>(config: GalleryActionsConfig<T>) {
  const { items, queryKey, refetch, forgetUnsaved, fileName, zipName, messages } = config;
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey });
  const deleteMutation = useMutation({ mutationFn: deleteContent, onSettled });
  const clearMutation = useMutation({ mutationFn: config.clearAll, onSettled });
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<string>>(new Set());
  const [downloading, setDownloading] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const downloadFailed = () => toast.error(messages.downloadFailed.title, { description: messages.downloadFailed.description });

  const download = async (item: T) => {
    try {
      saveBlob(await fetchBlob(item.url), fileName(item));
    } catch {
      downloadFailed();
    }
  };

  /** All results as one ZIP (instead of N staggered downloads). */
  const downloadAll = async () => {
    if (items.length === 0) {
      toast.error(messages.nothingToDownload.title, { description: messages.nothingToDownload.description });
      return;
    }
    setDownloading(true);
    try {
      await downloadResultsZip(items, fileName, zipName);
    } catch {
      downloadFailed();
    } finally {
      setDownloading(false);
    }
  };

  const remove = async (item: T) => {
    if (!item.savedToStorage) return forgetUnsaved([item.id]);
    setDeletingIds((ids) => new Set(ids).add(item.id));
    try {
      const outcome = await deleteMutation.mutateAsync([item.id]);
      if (outcome.failed.length > 0) toast.error('Deletion Failed', { description: `Could not delete ${item.label}. Please try again.` });
      else toast.success('Deleted Successfully', { description: `${item.label} has been removed from your library.` });
    } catch {
      toast.error('Deletion Failed', { description: `Could not delete ${item.label}. Please try again.` });
    } finally {
      setDeletingIds((ids) => {
        const next = new Set(ids);
        next.delete(item.id);
        return next;
      });
    }
  };

  const clearAll = async () => {
    try {
      const outcome = await clearMutation.mutateAsync();
      forgetUnsaved();
      if (outcome.failed.length > 0) {
        toast.error('Bulk Deletion Failed', { description: `${outcome.failed.length} of ${outcome.failed.length + outcome.deleted.length} items could not be deleted. Please try again.` });
      } else {
        toast.success(messages.cleared.title, { description: messages.cleared.description });
      }
    } catch {
      toast.error('Bulk Deletion Failed', { description: 'Could not delete all selected items. Please try again.' });
    }
  };

  const refresh = async () => {
    setRefreshing(true);
    const result = await refetch();
    setRefreshing(false);
    if (result.isError) toast.error(messages.refreshFailed.title, { description: messages.refreshFailed.description });
  };

  return { download, downloadAll, remove, clearAll, refresh, deletingIds, downloading, refreshing, clearing: clearMutation.isPending };
}
