import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { authCallbackUrl } from '@/lib/auth/callback-url';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** E-mails a recovery link that signs the user in on /reset-password. Unknown addresses succeed silently. */
export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await supabase().auth.resetPasswordForEmail(email.trim(), { redirectTo: authCallbackUrl(paths.resetPassword) });
  if (error) throw toAppError(error, 'The reset e-mail could not be sent. Please try again.');
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
