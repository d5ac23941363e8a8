import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { libraryKeys } from '../api/keys';
import { subscribeContentChanges } from '../api/subscribe-content-changes';

/** A burst of new items (a batch finishing) costs one refetch. */
const THROTTLE_MS = 800;

/** While the library is open, new items appear live: their rows arrive over realtime. */
export function useLibraryRealtime(userId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribeContentChanges(userId, () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: libraryKeys.lists() });
      }, THROTTLE_MS);
    });
    return () => {
      if (timer) clearTimeout(timer);
      unsubscribe();
    };
  }, [userId, queryClient]);
}
