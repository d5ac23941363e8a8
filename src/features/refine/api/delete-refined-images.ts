import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteContent, type DeleteOutcome } from '@/lib/content/delete-content';
import { handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { refineKeys } from './keys';

/** Every refine result of the user, not only the 9 on screen: 'clear all' empties the library's refined images. */
export async function clearRefinedImages(): Promise<DeleteOutcome> {
  const { data, error } = await supabase().from('content_generations').select('id').eq('content_type', 'refine_image').limit(500);
  if (error) handleError(error, 'Failed to fetch media library');
  return deleteContent((data ?? []).map((row) => row.id));
}

/**
 * Refined images are deleted through the delete-content function (file and row together, per-item
 * truth). Mutations refresh the gallery whatever the outcome: a partial failure must show what is left.
 */
export function useDeleteRefinedImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContent,
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
