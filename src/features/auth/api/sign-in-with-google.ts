import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { appUrl } from './keys';

/**
 * Starts Google sign-in (or sign-up: the same call). supabase-js sends the browser to the
 * provider; it comes back to `redirectTo` with the session in the URL fragment, which the
 * auth-fragment handler takes over.
 */
export async function signInWithGoogle({ redirectPath = paths.dashboard.home }: { redirectPath?: string } = {}) {
  const { data, error } = await supabase().auth.signInWithOAuth({ provider: 'google', options: { redirectTo: appUrl(redirectPath) } });
  if (error) throw toAppError(error, 'Google sign-in could not be started.');
  return data.url;
}

export function useSignInWithGoogle() {
  return useMutation({ mutationFn: signInWithGoogle });
}
