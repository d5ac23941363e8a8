// Closes the caller's account (Settings → Profile → Delete account).
//
//   POST { confirm_email }  →  200 { success: true, files_removed }
//                              400 the typed e-mail does not match · 401 no session · 500 a step failed
//
// Order matters: the files first (while the user still exists, a retry can finish the job), then
// the rows (close_account: the balance closed through the ledger, the ledger anonymised, the rest
// cascading from the profile), then the auth user, which also ends every session.
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { adminClient } from '../_shared/admin-client.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { json } from '../_shared/json.ts';
import { verifiedCaller } from '../_shared/user-client.ts';

/** Every bucket that keeps files under {user_id}/. */
const USER_BUCKETS = ['raw-uploads', 'processed', 'videos', 'thumbnails', 'avatars'];
const PAGE = 1000;

/** Paths of every object under `prefix` in `bucket`, walking sub-folders. */
async function listAll(admin: SupabaseClient, bucket: string, prefix: string): Promise<string[]> {
  const paths: string[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { data, error } = await admin.storage.from(bucket).list(prefix, { limit: PAGE, offset });
    if (error) throw new Error(`listing ${bucket}/${prefix}: ${error.message}`);
    for (const entry of data ?? []) {
      const path = `${prefix}/${entry.name}`;
      // A folder has no id; an object has one.
      if (entry.id === null) paths.push(...(await listAll(admin, bucket, path)));
      else paths.push(path);
    }
    if ((data ?? []).length < PAGE) return paths;
  }
}

async function removeUserFiles(admin: SupabaseClient, userId: string): Promise<number> {
  let removed = 0;
  for (const bucket of USER_BUCKETS) {
    const paths = await listAll(admin, bucket, userId);
    for (let i = 0; i < paths.length; i += PAGE) {
      const { error } = await admin.storage.from(bucket).remove(paths.slice(i, i + PAGE));
      if (error) throw new Error(`removing from ${bucket}: ${error.message}`);
    }
    removed += paths.length;
  }
  return removed;
}

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json({ success: false, error: 'Method not allowed' }, 405);

  const caller = await verifiedCaller(req);
  if (!caller) return json({ success: false, error: 'User not authenticated' }, 401);

  const body = (await req.json().catch(() => null)) as { confirm_email?: unknown } | null;
  const typed = typeof body?.confirm_email === 'string' ? body.confirm_email.trim().toLowerCase() : '';
  if (!typed || typed !== (caller.user.email ?? '').toLowerCase()) {
    return json({ success: false, error: 'Type the e-mail address of this account to confirm.' }, 400);
  }

  const admin = adminClient();
  const userId = caller.user.id;
  try {
    const filesRemoved = await removeUserFiles(admin, userId);
    const closed = await admin.rpc('close_account', { p_user_id: userId });
    if (closed.error) throw new Error(`closing the account: ${closed.error.message}`);
    const deleted = await admin.auth.admin.deleteUser(userId);
    if (deleted.error) throw new Error(`deleting the user: ${deleted.error.message}`);
    return json({ success: true, files_removed: filesRemoved });
  } catch (error) {
    console.error('[delete-account]', userId, error instanceof Error ? error.message : error);
    return json({ success: false, error: 'Your account could not be deleted. Please try again.' }, 500);
  }
});
