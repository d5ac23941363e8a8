import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationHandlers } from '@/lib/mutation-handlers';
import { calendarKeys, type CampaignPlan, scheduleCampaign } from './campaigns';
import { socialPostKeys } from './posts';

/**
 * Schedules a planned week as one campaign (`mutate(plan)`). After the screen's onSuccess (its
 * words), the calendar and Settings → Posts are read again before the mutation settles, so what
 * `mutate`'s own onSuccess closes or moves to already shows the new posts.
 */
export function useScheduleCampaign(handlers: MutationHandlers<Awaited<ReturnType<typeof scheduleCampaign>>, CampaignPlan> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleCampaign,
    ...handlers,
    onSuccess: async (...args) => {
      await handlers.onSuccess?.(...args);
      await Promise.all([queryClient.invalidateQueries({ queryKey: calendarKeys.all }), queryClient.invalidateQueries({ queryKey: socialPostKeys.all })]);
    },
  });
}
