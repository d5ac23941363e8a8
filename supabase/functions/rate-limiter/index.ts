// The rate limit check (docs/spec.md §7 rate-limiter): POST { endpoint, limit, window_minutes }
//   → 200 { success: true, allowed, limit, remaining, reset_at } | { success: false, error }
// Counts one call for the caller against a fixed window (check_rate_limit); callers count only for themselves.
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { handler, HttpError } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { INVALID, RateLimitBody } from './schema.ts';

Deno.serve(handler({ access: 'user', body: RateLimitBody }, async ({ caller, body }) => {
  const { data, error } = await caller.client.rpc('check_rate_limit', {
    endpoint: body.endpoint,
    limit: body.limit ?? 100,
    window_minutes: body.window_minutes ?? 60,
  });
  if (error) throw error.details === 'invalid_rate_limit' ? new HttpError(400, INVALID) : new HttpError(500, 'Failed to check rate limit');
  const result = data as { allowed: boolean };
  return json({ success: true, ...result, ...(result.allowed ? {} : { error: 'Rate limit exceeded' }) }, result.allowed ? 200 : 429);
}));
