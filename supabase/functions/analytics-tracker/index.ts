// Records product analytics events (docs/spec.md §7: analytics-tracker { event_type, event_data,
// session_id }) for the signed-in caller, rate limited to 100 calls per 60 minutes per user.
//
//   POST { event_type, event_data?, session_id? }  →  201 { success: true }
//                                                      400 invalid body · 401 no session · 429 rate limited
//
// The caller is verified and counted with their own client (check_rate_limit counts auth.uid());
// only then does the service role insert the row, with the user id taken from the verified JWT.
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { handler, HttpError } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { EventBody } from './schema.ts';

Deno.serve(handler({ access: 'user', body: EventBody }, async ({ caller, body: event }) => {
  // Counted in this function's own words (not the handler's rateLimit): 'Rate limit exceeded'.
  const limit = await caller.client.rpc('check_rate_limit', { endpoint: 'analytics', limit: 100, window_minutes: 60 });
  if (limit.error) throw new HttpError(500, 'Failed to check rate limit');
  if ((limit.data as { allowed?: boolean } | null)?.allowed !== true) throw new HttpError(429, 'Rate limit exceeded');

  const { error } = await adminClient().from('analytics_events').insert({
    user_id: caller.user.id,
    session_id: event.session_id,
    event_type: event.event_type,
    event_data: event.event_data,
  });
  if (error) throw new HttpError(500, 'Failed to track event');
  return json({ success: true }, 201);
}));
