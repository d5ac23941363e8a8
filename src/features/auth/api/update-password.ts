import { useMutation } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** Sets a new password for the signed-in user (after following a recovery link). */
export async function updatePassword(password: string): Promise<void> {
  const { error } = await supabase().auth.updateUser({ password });
  if (error) throw toAppError(error, 'Your password could not be changed. Please try again.');
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
