import { AppError, handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** The signed-in user's access token, for the worker's `Authorization: Bearer` header. */
export async function getAccessToken(): Promise<string> {
  const { data, error } = await supabase().auth.getSession();
  if (error) handleError(error, 'User not authenticated');
  if (!data.session) throw new AppError('not_authenticated', 'User not authenticated');
  return data.session.access_token;
}
