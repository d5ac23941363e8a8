import { useMutation } from '@tanstack/react-query';
import type { MutationHandlers } from '@/lib/mutation-handlers';
import { type CampaignPlan, scheduleCampaign } from './campaigns';
import { useRefreshPosts } from './post-mutations';

/**
 * Schedules a planned week as one campaign (`mutate(plan)`). After the screen's onSuccess (its
 * words), the calendar and Settings → Posts are read again before the mutation settles, so what
 * `mutate`'s own onSuccess closes or moves to already shows the new posts.
 */
export function useScheduleCampaign(handlers: MutationHandlers<Awaited<ReturnType<typeof scheduleCampaign>>, CampaignPlan> = {}) {
  const refresh = useRefreshPosts();
  return useMutation({
    mutationFn: scheduleCampaign,
    ...handlers,
    onSuccess: async (...args) => {
      await handlers.onSuccess?.(...args);
      await refresh();
    },
  });
}
