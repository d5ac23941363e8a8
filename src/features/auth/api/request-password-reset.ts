import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { appUrl } from './keys';

/** E-mails a recovery link that signs the user in on /reset-password. Unknown addresses succeed silently. */
export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await supabase().auth.resetPasswordForEmail(email.trim(), { redirectTo: appUrl(paths.resetPassword) });
  if (error) throw toAppError(error, 'The reset e-mail could not be sent. Please try again.');
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
