import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { isAppError, toAppError } from './errors';

const NOT_RETRYABLE = new Set(['not_authenticated', 'permission_denied', 'not_found', 'validation', 'insufficient_credits', 'plan_required']);

/**
 * One QueryClient for the app:
 * - first-load errors (no data yet) throw to the nearest error boundary;
 * - background-refetch errors (data already on screen) keep the data and toast;
 * - mutation errors are shown by whoever knows docs/spec.md's words for them: the caller (its onError
 *   or catch) shows the one toast. A hook whose callers show nothing asks for a default toast with
 *   `meta: { errorToast: true }`. (A default toast for every mutation doubled the caller's: 'Sign In
 *   Failed' and a raw 'Invalid login credentials' for one wrong password.)
 */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.state.data !== undefined) toast.error(toAppError(error).message);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.errorToast === true) toast.error(toAppError(error).message);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: true,
        retry: (failureCount, error) => failureCount < 2 && !(isAppError(error) && NOT_RETRYABLE.has(error.code)),
        throwOnError: (_error, query) => query.state.data === undefined,
      },
      mutations: { retry: false },
    },
  });
}
