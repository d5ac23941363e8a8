// Closes the caller's account (Settings → Profile → Delete account).
//
//   POST { confirm_email }  →  200 { success: true, files_removed, subscriptions_cancelled, platform_access_revoked }
//                              400 the typed e-mail does not match · 401 no session · 500 a step failed
//
// Order matters. First what would outlive the account elsewhere: every Stripe subscription of the
// user's customer is cancelled (a failure stops here, so nobody is billed for a closed account; the
// user can retry), and each connected platform's access is withdrawn where the platform has an API
// for it (best effort: the tokens are deleted with the rows either way). Then the files (while the
// user still exists, a retry can finish the job), then the rows (close_account: the balance closed
// through the ledger, the ledger anonymised, the rest cascading from the profile), then the auth
// user, which also ends every session.
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { adminClient } from '../_shared/admin-client.ts';
import { handler, HttpError } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { describeError } from '../_shared/redact.ts';
import { revokeAccount } from '../_shared/social-tokens.ts';
import { stripeClient } from '../_shared/stripe.ts';
import { CONFIRM_WORDS, DeleteAccountBody } from './schema.ts';

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

/** Cancels, now, every subscription of the user's Stripe customer that has not ended. How many. */
async function cancelSubscriptions(admin: SupabaseClient, userId: string): Promise<number> {
  const { data, error } = await admin.from('billing_customers').select('stripe_customer_id').eq('user_id', userId).maybeSingle();
  if (error) throw new Error(`reading the Stripe customer: ${error.message}`);
  if (!data) return 0;
  const stripe = stripeClient();
  let cancelled = 0;
  for await (const sub of stripe.subscriptions.list({ customer: data.stripe_customer_id as string, status: 'all', limit: 100 })) {
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') continue;
    await stripe.subscriptions.cancel(sub.id, { invoice_now: false, prorate: false });
    cancelled++;
  }
  return cancelled;
}

/** Withdraws Shotcraft's access at each connected platform (best effort); how many confirmed. */
async function revokePlatformAccess(admin: SupabaseClient, userId: string): Promise<number> {
  const { data } = await admin.from('social_accounts').select('id, platform').eq('user_id', userId);
  let revoked = 0;
  for (const account of data ?? []) {
    try {
      if (await revokeAccount(account.id as string)) revoked++;
    } catch (err) {
      console.error(`[delete-account] ${account.platform}: revocation failed: ${describeError(err)}`);
    }
  }
  return revoked;
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

Deno.serve(handler({ access: 'user', body: DeleteAccountBody }, async ({ caller, body }) => {
  const typed = body.confirm_email.trim().toLowerCase();
  if (!typed || typed !== (caller.user.email ?? '').toLowerCase()) throw new HttpError(400, CONFIRM_WORDS);

  const admin = adminClient();
  const userId = caller.user.id;
  try {
    const subscriptionsCancelled = await cancelSubscriptions(admin, userId);
    const accessRevoked = await revokePlatformAccess(admin, userId);
    const filesRemoved = await removeUserFiles(admin, userId);
    const closed = await admin.rpc('close_account', { p_user_id: userId });
    if (closed.error) throw new Error(`closing the account: ${closed.error.message}`);
    const deleted = await admin.auth.admin.deleteUser(userId);
    if (deleted.error) throw new Error(`deleting the user: ${deleted.error.message}`);
    return json({ success: true, files_removed: filesRemoved, subscriptions_cancelled: subscriptionsCancelled, platform_access_revoked: accessRevoked });
  } catch (error) {
    console.error('[delete-account]', userId, describeError(error));
    throw new HttpError(500, 'Your account could not be deleted. Please try again.');
  }
}));
