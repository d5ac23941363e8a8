// Removes originals in raw-uploads that no job used, 30 days after their upload, through the storage
// API (the files go with their rows). Called by the scheduler (the devstack's timer hourly;
// pg_cron + pg_net on hosted) with the service-role key; nobody else may call it.
//
//   POST {} (Authorization: Bearer <service role key>) → 200 { removed }
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { handler, HttpError } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { SweepBody } from './schema.ts';

Deno.serve(handler({ access: 'service', serviceOnly: 'Only the scheduler may sweep uploads', body: SweepBody }, async () => {
  const admin = adminClient();
  let removed = 0;
  // A few rounds of at most 500, so one call never runs long.
  for (let round = 0; round < 4; round++) {
    const { data, error } = await admin.rpc('raw_uploads_to_sweep', { p_days: 30, p_limit: 500 });
    if (error) throw new HttpError(500, error.message);
    const names = (data ?? []) as string[];
    if (!names.length) break;
    const gone = await admin.storage.from('raw-uploads').remove(names);
    if (gone.error) throw new HttpError(502, gone.error.message, undefined, { removed });
    removed += names.length;
    if (names.length < 500) break;
  }
  return json({ removed });
}));
