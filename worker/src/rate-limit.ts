import type { SupabaseClient } from '@supabase/supabase-js';
import { WorkerError } from './http/errors.js';

export interface Allowance {
  allowed: boolean;
  remaining: number;
  reset_at: string;
}

/**
 * Counts one call of `userId` against `endpoint`'s hourly window (check_rate_limit, as the service
 * role on the user's behalf). `unavailable` is what the caller says when the check itself fails.
 */
export async function countCall(service: SupabaseClient, userId: string, endpoint: string, perHour: number, unavailable: string): Promise<Allowance> {
  const { data, error } = await service.rpc('check_rate_limit', { endpoint, limit: perHour, window_minutes: 60, p_user_id: userId });
  if (error) throw new WorkerError('backend_unavailable', unavailable);
  return data as Allowance;
}
