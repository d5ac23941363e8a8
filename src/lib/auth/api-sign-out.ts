import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { forgetRememberPreference } from './remember-me';

/** Ends the session on the server and in this browser; throws AppError when the server refuses. */
export async function signOut(): Promise<void> {
  const { error } = await supabase().auth.signOut();
  if (error) throw toAppError(error, 'There was an error signing out. Please try again.');
  forgetRememberPreference();
}
