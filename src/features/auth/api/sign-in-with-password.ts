import { useMutation } from '@tanstack/react-query';
import * as z from 'zod';
import { rememberSession } from '@/lib/auth/remember-me';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export const signInInputSchema = z.object({ email: z.email(), password: z.string().min(1), rememberMe: z.boolean() });
export type SignInInput = z.infer<typeof signInInputSchema>;

/**
 * Password sign-in. A failure keeps GoTrue's message (e.g. 'Email not confirmed') for
 * auth-messages.ts; success records the 'Remember me' choice (see lib/auth/remember-me.ts).
 */
export async function signInWithPassword(input: SignInInput) {
  const { data, error } = await supabase().auth.signInWithPassword({ email: input.email.trim(), password: input.password });
  if (error) throw toAppError(error, 'Invalid email or password. Please try again.');
  rememberSession(input.rememberMe);
  return data.user;
}

export function useSignInWithPassword() {
  return useMutation({ mutationFn: signInWithPassword });
}
