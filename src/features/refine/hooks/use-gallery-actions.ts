import { useState } from 'react';
import { toast } from 'sonner';
import { useClearRefinedImages, useDeleteRefinedImages } from '../api/delete-refined-images';
import { downloadAllAsZip, downloadImage } from '../download';
import { REFINE_MESSAGES } from '../messages';
import type { RefinedImage } from '../types';

interface Options {
  images: RefinedImage[];
  refetch: () => Promise<{ isError: boolean }>;
  forgetUnsaved: (ids?: string[]) => void;
}

/** Download, delete, clear and refresh for the Refined Images panel, each with its SPEC.md §8 toast. */
export function useGalleryActions({ images, refetch, forgetUnsaved }: Options) {
  const deleteMutation = useDeleteRefinedImages();
  const clearMutation = useClearRefinedImages();
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<string>>(new Set());
  const [downloading, setDownloading] = useState(false);
  const [refreshing, setRefreshing] = useState(false);

  const download = async (image: RefinedImage) => {
    try {
      await downloadImage(image);
    } catch {
      toast.error(REFINE_MESSAGES.downloadFailed.title, { description: REFINE_MESSAGES.downloadFailed.description });
    }
  };

  const downloadAll = async () => {
    if (images.length === 0) {
      toast.error(REFINE_MESSAGES.nothingToDownload.title, { description: REFINE_MESSAGES.nothingToDownload.description });
      return;
    }
    setDownloading(true);
    try {
      await downloadAllAsZip(images);
    } catch {
      toast.error(REFINE_MESSAGES.downloadFailed.title, { description: REFINE_MESSAGES.downloadFailed.description });
    } finally {
      setDownloading(false);
    }
  };

  const remove = async (image: RefinedImage) => {
    if (!image.savedToStorage) return forgetUnsaved([image.id]);
    setDeletingIds((ids) => new Set(ids).add(image.id));
    try {
      const outcome = await deleteMutation.mutateAsync([image.id]);
      if (outcome.failed.length > 0) toast.error('Deletion Failed', { description: `Could not delete ${image.enhancement}. Please try again.` });
      else toast.success('Deleted Successfully', { description: `${image.enhancement} has been removed from your library.` });
    } catch {
      toast.error('Deletion Failed', { description: `Could not delete ${image.enhancement}. Please try again.` });
    } finally {
      setDeletingIds((ids) => {
        const next = new Set(ids);
        next.delete(image.id);
        return next;
      });
    }
  };

  const clearAll = async () => {
    try {
      const outcome = await clearMutation.mutateAsync();
      forgetUnsaved();
      if (outcome.failed.length > 0) {
        toast.error('Bulk Deletion Failed', { description: `${outcome.failed.length} of ${outcome.failed.length + outcome.deleted.length} images could not be deleted. Please try again.` });
      } else {
        toast.success(REFINE_MESSAGES.cleared.title, { description: REFINE_MESSAGES.cleared.description });
      }
    } catch {
      toast.error('Bulk Deletion Failed', { description: 'Could not delete all selected items. Please try again.' });
    }
  };

  const refresh = async () => {
    setRefreshing(true);
    const result = await refetch();
    setRefreshing(false);
    if (result.isError) toast.error(REFINE_MESSAGES.refreshFailed.title, { description: REFINE_MESSAGES.refreshFailed.description });
  };

  return { download, downloadAll, remove, clearAll, refresh, deletingIds, downloading, refreshing, clearing: clearMutation.isPending };
}
