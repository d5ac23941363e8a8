import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateCredits } from '@/domains/credits/api';
import { subscribeDashboardChanges, type DashboardChange } from '../api/subscribe-dashboard-changes';
import { dashboardKeys } from '../api/keys';

/** A burst of row changes (start → processing → completed) costs one refetch, not three. */
export const REALTIME_THROTTLE_MS = 1000;

/**
 * While mounted, refreshes the stats and the credit summary when the user's jobs or balance
 * change on the server; unsubscribes on unmount.
 */
export function useDashboardRealtime(userId: string | undefined) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending = new Set<DashboardChange>();

    const flush = () => {
      timer = undefined;
      const changes = pending;
      pending = new Set();
      if (changes.has('jobs')) void queryClient.invalidateQueries({ queryKey: dashboardKeys.stats() });
      void invalidateCredits(queryClient);
    };

    const unsubscribe = subscribeDashboardChanges(userId, (change) => {
      pending.add(change);
      timer ??= setTimeout(flush, REALTIME_THROTTLE_MS);
    });
    return () => {
      if (timer) clearTimeout(timer);
      unsubscribe();
    };
  }, [userId, queryClient]);
}
