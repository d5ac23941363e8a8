import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutationHandlers } from '@/lib/mutation-handlers';
import { handleError } from '@/lib/errors';
import { invokeFunction } from '@/lib/invoke-function';
import type { SocialPlatform } from '@/domains/social/platforms';
import { supabase } from '@/lib/supabase';

/** A connected account as clients may read it (never its tokens). */
export interface SocialAccount {
  id: string;
  platform: SocialPlatform;
  username: string;
  follower_count: number;
  is_active: boolean;
  token_expires_at: string | null;
  created_at: string;
}

export const socialAccountKeys = { all: ['social-accounts'] as const };

async function listAccounts(): Promise<SocialAccount[]> {
  const { data, error } = await supabase()
    .from('social_accounts')
    .select('id, platform, username, follower_count, is_active, token_expires_at, created_at')
    .order('created_at');
  // docs/spec.md §8's words for this failure, whatever the server said.
  if (error) handleError({ code: error.code, details: error.details, message: 'Error: Failed to load connected social media accounts' });
  return (data ?? []) as SocialAccount[];
}

export const socialAccountsQuery = () => queryOptions({ queryKey: socialAccountKeys.all, queryFn: listAccounts });
/** A failure shows inside the tab (with Try again), not as the whole screen's error. */
export const useSocialAccounts = () => useQuery({ ...socialAccountsQuery(), throwOnError: false });

/** Starts the platform's consent (OAuth) and leaves for it; the platform sends the user back to `returnPath`. */
export async function connectAccount(platform: SocialPlatform, returnPath: string): Promise<void> {
  const { url } = await invokeFunction<{ url: string }>('social-connect', { platform, return_path: returnPath }, 'Could not start connecting the account. Please try again.');
  window.location.assign(url);
}

/**
 * Finishes a connection the platform's callback handed back (`?connect_ticket=`), with this
 * browser's session: the server stores the account only if this user started connecting it.
 */
export async function finishConnect(ticket: string): Promise<{ platform: SocialPlatform; username: string }> {
  return invokeFunction<{ platform: SocialPlatform; username: string }>('social-connect-finish', { ticket }, 'Could not finish connecting the account. Please try again.');
}

/** Withdraws the app's access at the platform where it can, and deletes the account and its tokens. */
export async function disconnectAccount(id: string): Promise<void> {
  await invokeFunction('social-disconnect', { account_id: id }, 'Could not disconnect the account. Please try again.');
}

/** Disconnects one of the user's accounts (`mutate(accountId)`): revoked at the platform, then removed. */
export function useDisconnectAccount(handlers: MutationHandlers<void, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disconnectAccount, ...handlers, onSettled: () => queryClient.invalidateQueries({ queryKey: socialAccountKeys.all }) });
}
