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
import { handler, HttpError } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { parseAllowHosts, webhookUrlProblem } from '@shotcraft/shared/url-safety.ts';
import { isUuid } from '@shotcraft/shared/ids.ts';
import { WebhookEndpointsBody } from './schema.ts';

const MAX_ENDPOINTS = 10;

/** whsec_ and 32 random bytes, base64url. */
function newSecret(): string {
  return `whsec_${randomBase64url(32)}`;
}

Deno.serve(handler({ access: 'user', body: WebhookEndpointsBody }, async ({ caller, body }) => {
  const limit = await caller.client.rpc('check_rate_limit', { endpoint: 'webhook_endpoints', limit: 60, window_minutes: 60 });
  if (limit.error) throw new HttpError(500, 'Failed to check rate limit');
  if (!(limit.data as { allowed: boolean }).allowed) throw new HttpError(429, 'Rate limit exceeded');

  const admin = adminClient();
  const userId = caller.user.id;

  /** The caller's endpoint, read through RLS (someone else's id is simply not found). */
  const ownEndpoint = async (id: string) => {
    if (!isUuid(id)) throw new HttpError(404, 'Webhook not found');
    const { data } = await caller.client.from('webhook_endpoints').select('id, url, active').eq('id', id).maybeSingle();
    if (!data) throw new HttpError(404, 'Webhook not found');
    return data as { id: string; url: string; active: boolean };
  };

  switch (body.action) {
    case 'create': {
      const { url, events } = body;
      const problem = webhookUrlProblem(url, parseAllowHosts(Deno.env.get('WEBHOOK_ALLOW_HOSTS')));
      if (problem) throw new HttpError(400, problem);
      const description = body.description?.trim().slice(0, 200) || null;
      const { count } = await caller.client.from('webhook_endpoints').select('id', { count: 'exact', head: true });
      if ((count ?? 0) >= MAX_ENDPOINTS) throw new HttpError(409, `You can have up to ${MAX_ENDPOINTS} webhooks. Delete one first.`);
      const secret = newSecret();
      const { data, error } = await admin
        .from('webhook_endpoints')
        .insert({ user_id: userId, url, events, description, secret })
        .select('id, url, description, events, active, created_at')
        .single();
      if (error) throw new HttpError(500, 'The webhook could not be saved. Please try again.');
      return json({ success: true, endpoint: data, secret }, 201);
    }
    case 'rotate_secret': {
      const endpoint = await ownEndpoint(body.endpoint_id);
      const secret = newSecret();
      const { error } = await admin.from('webhook_endpoints').update({ secret }).eq('id', endpoint.id);
      if (error) throw new HttpError(500, 'The secret could not be changed. Please try again.');
      return json({ success: true, secret });
    }
    case 'test': {
      const endpoint = await ownEndpoint(body.endpoint_id);
      const eventId = crypto.randomUUID();
      const payload = { id: eventId, type: 'webhook.test', created_at: new Date().toISOString(), data: { message: 'A test event from Shotcraft Settings.', endpoint_id: endpoint.id } };
      const { data, error } = await admin
        .from('webhook_deliveries')
        .insert({ endpoint_id: endpoint.id, user_id: userId, event_id: eventId, event_type: 'webhook.test', payload })
        .select('id')
        .single();
      if (error) throw new HttpError(500, 'The test event could not be queued. Please try again.');
      return json({ success: true, delivery_id: (data as { id: string }).id }, 202);
    }
    case 'resend': {
      const id = body.delivery_id;
      if (!isUuid(id)) throw new HttpError(404, 'Delivery not found');
      const { data: original } = await caller.client.from('webhook_deliveries').select('endpoint_id, event_id, event_type, payload').eq('id', id).maybeSingle();
      if (!original) throw new HttpError(404, 'Delivery not found');
      const o = original as { endpoint_id: string; event_id: string; event_type: string; payload: unknown };
      const { data, error } = await admin
        .from('webhook_deliveries')
        .insert({ endpoint_id: o.endpoint_id, user_id: userId, event_id: o.event_id, event_type: o.event_type, payload: o.payload })
        .select('id')
        .single();
      if (error) throw new HttpError(500, 'The event could not be sent again. Please try again.');
      return json({ success: true, delivery_id: (data as { id: string }).id }, 202);
    }
  }
}));
