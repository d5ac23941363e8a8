// Sends the scheduled posts whose time has come. Called every minute by the scheduler — pg_cron +
// pg_net on hosted projects (README), the devstack's timer locally — with the service-role key;
// nobody else may call it. Each due row is claimed by one caller only (social_claim_due_posts), so
// overlapping runs never post twice.
//
//   POST {} (Authorization: Bearer <service role key>) → 200 { sent, posted, failed }
//   400 a body other than {} · 401 not the service role
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { handler, HttpError } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { type PostRow, sendPosts } from '../_shared/social-send.ts';
import { PublishDueBody } from './schema.ts';

Deno.serve(handler({ access: 'service', serviceOnly: 'Only the scheduler may send scheduled posts', body: PublishDueBody }, async () => {
  const { data, error } = await adminClient().rpc('social_claim_due_posts', { p_limit: 20 });
  if (error) throw new HttpError(500, error.message);
  const rows = (data ?? []) as PostRow[];
  const results = await sendPosts(rows);
  return json({ sent: results.length, posted: results.filter((r) => r.status === 'posted').length, failed: results.filter((r) => r.status === 'failed').length });
}));
