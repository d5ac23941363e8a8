import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { authCallbackUrl } from '@/lib/auth/callback-url';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/**
 * Starts Google sign-in (or sign-up: the same call). supabase-js sends the browser to the
 * provider; it comes back to the auth callback with a PKCE code that only this browser can trade
 * for the session, then goes on to `redirectPath`.
 */
export async function signInWithGoogle({ redirectPath = paths.dashboard.home }: { redirectPath?: string } = {}) {
  const { data, error } = await supabase().auth.signInWithOAuth({ provider: 'google', options: { redirectTo: authCallbackUrl(redirectPath) } });
  if (error) throw toAppError(error, 'Google sign-in could not be started.');
  return data.url;
}

export function useSignInWithGoogle() {
  return useMutation({ mutationFn: signInWithGoogle });
}
