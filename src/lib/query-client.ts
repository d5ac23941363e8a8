import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { isAppError, toAppError } from './errors';

const NOT_RETRYABLE = new Set(['not_authenticated', 'permission_denied', 'not_found', 'validation', 'insufficient_credits']);

/**
 * One QueryClient for the app:
 * - first-load errors (no data yet) throw to the nearest error boundary;
 * - background-refetch errors (data already on screen) keep the data and toast;
 * - mutations toast a default error unless the caller handles it with its own onError.
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
        if (!mutation.options.onError) toast.error(toAppError(error).message);
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
