import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationHandlers } from '@/lib/mutation-handlers';
import { calendarKeys } from './campaigns';
import { fitImageFor } from './fit';
import { createPosts, deletePost, retryPost, saveScheduledPost, socialPostKeys } from './posts';
import type { SocialPlatform } from './platforms';

/** Every list a post appears in: Settings → Posts, the calendar, the share dialog's results. */
export function useRefreshPosts() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: socialPostKeys.all }), queryClient.invalidateQueries({ queryKey: calendarKeys.all })]);
}

/** Sends a failed post again (`mutate(postId)`). */
export function useRetryPost(handlers: MutationHandlers<Awaited<ReturnType<typeof retryPost>>, string> = {}) {
  const refresh = useRefreshPosts();
  return useMutation({ mutationFn: (postId: string) => retryPost(postId), ...handlers, onSettled: refresh });
}

/** Cancels a scheduled post or removes a sent one from the list (`mutate(postId)`). */
export function useDeletePost(handlers: MutationHandlers<void, string> = {}) {
  const refresh = useRefreshPosts();
  return useMutation({ mutationFn: (postId: string) => deletePost(postId), ...handlers, onSettled: refresh });
}

/** A scheduled post's new time (as a datetime-local input holds it) and caption. */
export function useSaveScheduledPost(handlers: MutationHandlers<void, { postId: string; at: string; caption: string }> = {}) {
  const refresh = useRefreshPosts();
  return useMutation({ mutationFn: ({ postId, at, caption }: { postId: string; at: string; caption: string }) => saveScheduledPost(postId, at, caption), ...handlers, onSettled: refresh });
}

/** Posts (or schedules) one item to the chosen accounts. */
export function useCreatePosts(handlers: MutationHandlers<Awaited<ReturnType<typeof createPosts>>, Parameters<typeof createPosts>[0]> = {}) {
  const refresh = useRefreshPosts();
  return useMutation({ mutationFn: createPosts, ...handlers, onSettled: refresh });
}

/** A copy of an image fitted to the chosen platforms' shapes, saved in the library. */
export function useFitImage(handlers: MutationHandlers<Awaited<ReturnType<typeof fitImageFor>>, { contentId: string; platforms: SocialPlatform[]; mode: 'pad' | 'crop' }> = {}) {
  return useMutation({ mutationFn: ({ contentId, platforms, mode }: { contentId: string; platforms: SocialPlatform[]; mode: 'pad' | 'crop' }) => fitImageFor(contentId, platforms, mode), ...handlers });
}
