import { useQuery } from '@tanstack/react-query';
import { connectAuth } from '@/lib/auth/auth-store';
import { fragmentOutcome } from '@/lib/auth/auth-fragment';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { authKeys } from './keys';

const ANOTHER_BROWSER = 'This link was opened in another browser than the one it was asked for in. If it confirmed your e-mail, sign in to continue; otherwise ask for a new link here.';

export type CallbackResult = { kind: 'signed-in'; email: string; via: 'code' | 'session'; recovery?: boolean } | { kind: 'failed'; message: string };

/**
 * Completes sign-in on /auth/* from whatever the provider sent: `?code=` (PKCE: the app's own
 * sign-up, reset, e-mail change and Google links) or an error in the query or the fragment. A
 * session in the fragment is never taken (login CSRF). Never throws: the screen shows a failure
 * with a way back.
 */
export async function completeAuthCallback(search: string): Promise<CallbackResult> {
  const params = new URLSearchParams(search);
  const queryError = params.get('error_description') || params.get('error');
  if (queryError) return { kind: 'failed', message: queryError };
  await connectAuth();
  const client = supabase();
  const code = params.get('code');
  if (code) {
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    // PKCE: the code is traded with a secret this browser kept when it started; a link opened in
    // another browser (or a code from someone else's link) cannot sign in here.
    if (error) return { kind: 'failed', message: /verifier|flow state/i.test(error.message) ? ANOTHER_BROWSER : toAppError(error).message };
    return { kind: 'signed-in', email: data.user.email ?? '', via: 'code', recovery: (data as { redirectType?: string | null }).redirectType === 'recovery' };
  }
  const fragment = await fragmentOutcome();
  if (fragment.kind === 'error') return { kind: 'failed', message: fragment.message };
  const { data } = await client.auth.getSession();
  if (data.session) return { kind: 'signed-in', email: data.session.user.email ?? '', via: 'session' };
  return { kind: 'failed', message: 'No sign-in information was found in this link. Please sign in again.' };
}

export function useCompleteAuthCallback(search: string) {
  return useQuery({
    queryKey: [...authKeys.all, 'callback', search],
    queryFn: () => completeAuthCallback(search),
    staleTime: Infinity,
    retry: false,
  });
}
