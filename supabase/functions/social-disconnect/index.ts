// Disconnects a social account: withdraws the app's access at the platform where it has an API for
// that (X, TikTok), then deletes the account and its tokens. A platform that does not answer does
// not keep the account here: the tokens are deleted either way.
//
//   POST { account_id } → 200 { success, revoked }
//   400 bad input · 401 no session · 404 not the caller's
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { handler, HttpError } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { describeError } from '../_shared/redact.ts';
import { ownAccount } from '../_shared/own-account.ts';
import { revokeAccount } from '../_shared/social-tokens.ts';
import { DisconnectBody } from './schema.ts';

Deno.serve(handler({ access: 'user', body: DisconnectBody }, async ({ caller, body }) => {
  const { id, platform } = await ownAccount(caller, body.account_id);

  const admin = adminClient();
  let revoked = false;
  try {
    revoked = await revokeAccount(id);
  } catch (err) {
    console.error(`social-disconnect ${platform}: revocation failed: ${describeError(err)}`);
  }
  const { error } = await admin.from('social_accounts').delete().eq('id', id);
  if (error) throw new HttpError(500, 'Could not disconnect the account. Please try again.');
  return json({ success: true, revoked });
}));
