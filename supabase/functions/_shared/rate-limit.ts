// A per-user hourly limit for a function, counted with the caller's own client (check_rate_limit
// counts auth.uid()). Null when the call may go on; otherwise the answer to send (429, or 500 when
// the limit could not be checked).
import { json } from './json.ts';
import type { Caller } from './user-client.ts';

export async function overLimit(caller: Caller, endpoint: string, perHour: number, cost = 1): Promise<Response | null> {
  const { data, error } = await caller.client.rpc('check_rate_limit', { endpoint, limit: perHour, window_minutes: 60, p_cost: cost });
  if (error) return json({ success: false, error: 'Failed to check rate limit' }, 500);
  if (!(data as { allowed: boolean }).allowed) return json({ success: false, code: 'rate_limited', error: 'Rate limit exceeded. Try again later.' }, 429);
  return null;
}
