import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { authCallbackUrl } from '@/lib/auth/callback-url';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** Sends the sign-up confirmation e-mail again; its link leads to the dashboard. */
export async function resendVerification(email: string): Promise<void> {
  const { error } = await supabase().auth.resend({ type: 'signup', email: email.trim(), options: { emailRedirectTo: authCallbackUrl(paths.dashboard.home) } });
  if (error) throw toAppError(error);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
