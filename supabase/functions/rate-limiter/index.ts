// The rate limit check (SPEC.md §7 rate-limiter): POST { endpoint, limit, window_minutes }
//   → 200 { success: true, allowed, limit, remaining, reset_at } | { success: false, error }
// Counts one call for the caller against a fixed window (check_rate_limit); callers count only for themselves.
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { json } from '../_shared/json.ts';
import { verifiedCaller } from '../_shared/user-client.ts';

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json({ success: false, error: 'Method not allowed' }, 405);
  const caller = await verifiedCaller(req);
  if (!caller) return json({ success: false, error: 'User not authenticated' }, 401);
  const body = (await req.json().catch(() => null)) as { endpoint?: unknown; limit?: unknown; window_minutes?: unknown } | null;
  const { data, error } = await caller.client.rpc('check_rate_limit', {
    endpoint: typeof body?.endpoint === 'string' ? body.endpoint : '',
    limit: typeof body?.limit === 'number' ? body.limit : 100,
    window_minutes: typeof body?.window_minutes === 'number' ? body.window_minutes : 60,
  });
  if (error) return json({ success: false, error: error.details === 'invalid_rate_limit' ? 'Invalid rate limit request' : 'Failed to check rate limit' }, error.details === 'invalid_rate_limit' ? 400 : 500);
  const result = data as { allowed: boolean };
  return json({ success: true, ...result, ...(result.allowed ? {} : { error: 'Rate limit exceeded' }) }, result.allowed ? 200 : 429);
});
