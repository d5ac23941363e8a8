import type { UseMutationOptions } from '@tanstack/react-query';

/**
 * What a screen adds to a data hook's mutation: its own words (toasts) and what it closes or sets.
 * They ride on the mutation's options, so they run even when the component that started it is gone
 * once the lists refresh (a cancelled post leaves Settings → Posts, a removed account its row).
 */
export type MutationHandlers<TData, TVariables = void> = Pick<UseMutationOptions<TData, Error, TVariables>, 'onSuccess' | 'onError'>;
