// Outgoing webhooks (Settings → Webhooks): the actions that need the server.
//
//   POST { action: 'create', url, events, description? }  →  201 { success, endpoint, secret }   (the only time the secret is shown)
//   POST { action: 'rotate_secret', endpoint_id }          →  200 { success, secret }
//   POST { action: 'test', endpoint_id }                   →  202 { success, delivery_id }    (a 'webhook.test' event to that endpoint)
//   POST { action: 'resend', delivery_id }                 →  202 { success, delivery_id }    (the same event again, as a new delivery)
//   400 bad input · 401 no session · 404 not the caller's · 409 too many endpoints · 429 rate limited
//
// Ownership is decided with the caller's own client (RLS); only then does the service role write.
// Listing, pausing, changing events and deleting are plain table calls under RLS.
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { randomBase64url } from '../_shared/base64url.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { json } from '../_shared/json.ts';
import { verifiedCaller } from '../_shared/user-client.ts';
import { parseAllowHosts, webhookUrlProblem } from '@shotcraft/shared/url-safety.ts';
import { WEBHOOK_EVENTS } from '@shotcraft/shared/vocabulary.ts';
import { isUuid } from '@shotcraft/shared/ids.ts';

const MAX_ENDPOINTS = 10;
const EVENTS: ReadonlySet<string> = new Set(WEBHOOK_EVENTS);

/** whsec_ and 32 random bytes, base64url. */
function newSecret(): string {
  return `whsec_${randomBase64url(32)}`;
}

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json({ success: false, error: 'Method not allowed' }, 405);
  const caller = await verifiedCaller(req);
  if (!caller) return json({ success: false, error: 'User not authenticated' }, 401);
  const body = (await req.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== 'object') return json({ success: false, error: 'The body must be a JSON object' }, 400);

  const limit = await caller.client.rpc('check_rate_limit', { endpoint: 'webhook_endpoints', limit: 60, window_minutes: 60 });
  if (limit.error) return json({ success: false, error: 'Failed to check rate limit' }, 500);
  if (!(limit.data as { allowed: boolean }).allowed) return json({ success: false, error: 'Rate limit exceeded' }, 429);

  const admin = adminClient();
  const userId = caller.user.id;

  /** The caller's endpoint, read through RLS (someone else's id is simply not found). */
  const ownEndpoint = async (id: unknown) => {
    if (!isUuid(id)) return null;
    const { data } = await caller.client.from('webhook_endpoints').select('id, url, active').eq('id', id).maybeSingle();
    return data as { id: string; url: string; active: boolean } | null;
  };

  switch (body.action) {
    case 'create': {
      const url = typeof body.url === 'string' ? body.url.trim() : '';
      const problem = webhookUrlProblem(url, parseAllowHosts(Deno.env.get('WEBHOOK_ALLOW_HOSTS')));
      if (problem) return json({ success: false, error: problem }, 400);
      const events = Array.isArray(body.events) ? [...new Set(body.events)] : [];
      if (events.length === 0 || !events.every((e) => typeof e === 'string' && EVENTS.has(e))) {
        return json({ success: false, error: `Choose at least one event: ${WEBHOOK_EVENTS.join(', ')}.` }, 400);
      }
      const description = typeof body.description === 'string' ? body.description.trim().slice(0, 200) || null : null;
      const { count } = await caller.client.from('webhook_endpoints').select('id', { count: 'exact', head: true });
      if ((count ?? 0) >= MAX_ENDPOINTS) return json({ success: false, error: `You can have up to ${MAX_ENDPOINTS} webhooks. Delete one first.` }, 409);
      const secret = newSecret();
      const { data, error } = await admin
        .from('webhook_endpoints')
        .insert({ user_id: userId, url, events, description, secret })
        .select('id, url, description, events, active, created_at')
        .single();
      if (error) return json({ success: false, error: 'The webhook could not be saved. Please try again.' }, 500);
      return json({ success: true, endpoint: data, secret }, 201);
    }
    case 'rotate_secret': {
      const endpoint = await ownEndpoint(body.endpoint_id);
      if (!endpoint) return json({ success: false, error: 'Webhook not found' }, 404);
      const secret = newSecret();
      const { error } = await admin.from('webhook_endpoints').update({ secret }).eq('id', endpoint.id);
      if (error) return json({ success: false, error: 'The secret could not be changed. Please try again.' }, 500);
      return json({ success: true, secret });
    }
    case 'test': {
      const endpoint = await ownEndpoint(body.endpoint_id);
      if (!endpoint) return json({ success: false, error: 'Webhook not found' }, 404);
      const eventId = crypto.randomUUID();
      const payload = { id: eventId, type: 'webhook.test', created_at: new Date().toISOString(), data: { message: 'A test event from Shotcraft Settings.', endpoint_id: endpoint.id } };
      const { data, error } = await admin
        .from('webhook_deliveries')
        .insert({ endpoint_id: endpoint.id, user_id: userId, event_id: eventId, event_type: 'webhook.test', payload })
        .select('id')
        .single();
      if (error) return json({ success: false, error: 'The test event could not be queued. Please try again.' }, 500);
      return json({ success: true, delivery_id: (data as { id: string }).id }, 202);
    }
    case 'resend': {
      const id = body.delivery_id;
      if (!isUuid(id)) return json({ success: false, error: 'Delivery not found' }, 404);
      const { data: original } = await caller.client.from('webhook_deliveries').select('endpoint_id, event_id, event_type, payload').eq('id', id).maybeSingle();
      if (!original) return json({ success: false, error: 'Delivery not found' }, 404);
      const o = original as { endpoint_id: string; event_id: string; event_type: string; payload: unknown };
      const { data, error } = await admin
        .from('webhook_deliveries')
        .insert({ endpoint_id: o.endpoint_id, user_id: userId, event_id: o.event_id, event_type: o.event_type, payload: o.payload })
        .select('id')
        .single();
      if (error) return json({ success: false, error: 'The event could not be sent again. Please try again.' }, 500);
      return json({ success: true, delivery_id: (data as { id: string }).id }, 202);
    }
    default:
      return json({ success: false, error: 'Unknown action' }, 400);
  }
});
