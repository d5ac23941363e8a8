// Sends the scheduled posts whose time has come. Called every minute by the scheduler — pg_cron +
// pg_net on hosted projects (README), the devstack's timer locally — with the service-role key;
// nobody else may call it. Each due row is claimed by one caller only (social_claim_due_posts), so
// overlapping runs never post twice.
//
//   POST {} (Authorization: Bearer <service role key>) → 200 { sent, posted, failed }
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { json } from '../_shared/json.ts';
import { isServiceRole } from '../_shared/service-role.ts';
import { type PostRow, sendPosts } from '../_shared/social-send.ts';

Deno.serve(async (req: Request) => {
  if (req.method !== 'POST') return json({ error: 'Method not allowed' }, 405);
  if (!isServiceRole(req)) return json({ error: 'Only the scheduler may send scheduled posts' }, 401);
  const { data, error } = await adminClient().rpc('social_claim_due_posts', { p_limit: 20 });
  if (error) return json({ error: error.message }, 500);
  const rows = (data ?? []) as PostRow[];
  const results = await sendPosts(rows);
  return json({ sent: results.length, posted: results.filter((r) => r.status === 'posted').length, failed: results.filter((r) => r.status === 'failed').length });
});
