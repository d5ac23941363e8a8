import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { authCallbackUrl } from '@/lib/auth/callback-url';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { signUpMetadata, type SignUpValues } from '../schemas';

export type SignUpResult =
  | { kind: 'signed-in' }
  | { kind: 'confirm-email'; email: string }
  /** GoTrue answers a look-alike user without identities for an address that already has an account. */
  | { kind: 'already-registered'; email: string };

export async function signUp(values: SignUpValues): Promise<SignUpResult> {
  const email = values.email.trim();
  const { data, error } = await supabase().auth.signUp({
    email,
    password: values.password,
    options: { data: signUpMetadata(values), emailRedirectTo: authCallbackUrl(paths.dashboard.home) },
  });
  if (error) throw toAppError(error, 'There was an error creating your account. Please try again.');
  if (data.session) return { kind: 'signed-in' };
  if (data.user && data.user.identities?.length === 0) return { kind: 'already-registered', email };
  return { kind: 'confirm-email', email };
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
