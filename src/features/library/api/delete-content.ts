import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { deleteContent } from '@/domains/content/delete-content';
import { libraryKeys } from './keys';

export type { DeleteOutcome } from '@/domains/content/delete-content';

export const deleteContentInput = z.object({ ids: z.array(z.uuid()).min(1).max(500) });
export type DeleteContentInput = z.infer<typeof deleteContentInput>;

/** Deletes library items; throws only when the request fails, per-item failures are in `failed`. */
export async function deleteLibraryContent(input: DeleteContentInput) {
  return deleteContent(deleteContentInput.parse(input).ids);
}

/** The mutation refreshes every library list afterwards, whatever the outcome: the list shows what is stored. */
export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLibraryContent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryKeys.lists() }),
  });
}
