// Records product analytics events (SPEC.md §7: analytics-tracker { event_type, event_data,
// session_id }) for the signed-in caller, rate limited to 100 calls per 60 minutes per user.
//
//   POST { event_type, event_data?, session_id? }  →  201 { success: true }
//                                                      400 invalid body · 401 no session · 429 rate limited
//
// The caller is verified and counted with their own client (check_rate_limit counts auth.uid());
// only then does the service role insert the row, with the user id taken from the verified JWT.
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { json } from '../_shared/json.ts';
import { verifiedCaller } from '../_shared/user-client.ts';

const EVENT_TYPE = /^[a-z][a-z0-9_]{0,63}$/;
const MAX_EVENT_DATA_BYTES = 8192;

interface EventBody {
  event_type: string;
  event_data: Record<string, unknown>;
  session_id: string | null;
}

function parseBody(body: unknown): EventBody | string {
  if (!body || typeof body !== 'object') return 'The body must be a JSON object';
  const b = body as Record<string, unknown>;
  if (typeof b.event_type !== 'string' || !EVENT_TYPE.test(b.event_type)) return 'event_type must be a lower_snake_case name';
  const data = b.event_data ?? {};
  if (typeof data !== 'object' || Array.isArray(data) || data === null) return 'event_data must be an object';
  if (new TextEncoder().encode(JSON.stringify(data)).length > MAX_EVENT_DATA_BYTES) return 'event_data is too large';
  const session = b.session_id ?? null;
  if (session !== null && (typeof session !== 'string' || session.length > 100)) return 'session_id must be a string of at most 100 characters';
  return { event_type: b.event_type, event_data: data as Record<string, unknown>, session_id: session };
}

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json({ success: false, error: 'Method not allowed' }, 405);

  const caller = await verifiedCaller(req);
  if (!caller) return json({ success: false, error: 'User not authenticated' }, 401);

  const event = parseBody(await req.json().catch(() => null));
  if (typeof event === 'string') return json({ success: false, error: event }, 400);

  const limit = await caller.client.rpc('check_rate_limit', { endpoint: 'analytics', limit: 100, window_minutes: 60 });
  if (limit.error) return json({ success: false, error: 'Failed to check rate limit' }, 500);
  if ((limit.data as { allowed?: boolean } | null)?.allowed !== true) {
    return json({ success: false, error: 'Rate limit exceeded' }, 429);
  }

  const { error } = await adminClient().from('analytics_events').insert({
    user_id: caller.user.id,
    session_id: event.session_id,
    event_type: event.event_type,
    event_data: event.event_data,
  });
  if (error) return json({ success: false, error: 'Failed to track event' }, 500);
  return json({ success: true }, 201);
});
