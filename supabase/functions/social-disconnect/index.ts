// Disconnects a social account: withdraws the app's access at the platform where it has an API for
// that (X, TikTok), then deletes the account and its tokens. A platform that does not answer does
// not keep the account here: the tokens are deleted either way.
//
//   POST { account_id } → 200 { success, revoked }
//   400 bad input · 401 no session · 404 not the caller's
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { json } from '../_shared/json.ts';
import { describeError } from '../_shared/redact.ts';
import { ownAccountRequest } from '../_shared/own-account.ts';
import { revokeAccount } from '../_shared/social-tokens.ts';

Deno.serve(async (req: Request) => {
  const request = await ownAccountRequest(req);
  if (request instanceof Response) return request;
  const { id, platform } = request;

  const admin = adminClient();
  let revoked = false;
  try {
    revoked = await revokeAccount(id);
  } catch (err) {
    console.error(`social-disconnect ${platform}: revocation failed: ${describeError(err)}`);
  }
  const { error } = await admin.from('social_accounts').delete().eq('id', id);
  if (error) return json({ success: false, error: 'Could not disconnect the account. Please try again.' }, 500);
  return json({ success: true, revoked });
});
