import { useQuery } from '@tanstack/react-query';
import { connectAuth } from '@/lib/auth/auth-store';
import { fragmentOutcome } from '@/lib/auth/auth-fragment';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { authKeys } from './keys';

export type CallbackResult = { kind: 'signed-in'; email: string; via: 'code' | 'fragment' | 'session' } | { kind: 'failed'; message: string };

/**
 * Completes sign-in on /auth/* from whatever the provider sent: `?code=` (PKCE), an error in the
 * query, or the session fragment (already taken over by connectAuth). Never throws: the screen
 * shows a failure with a way back.
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
    if (error) return { kind: 'failed', message: toAppError(error).message };
    return { kind: 'signed-in', email: data.user.email ?? '', via: 'code' };
  }
  const fragment = await fragmentOutcome();
  if (fragment.kind === 'error') return { kind: 'failed', message: fragment.message };
  if (fragment.kind === 'session') return { kind: 'signed-in', email: fragment.email, via: 'fragment' };
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
