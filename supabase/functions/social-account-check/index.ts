// Checks that a connected account still works, as the platform sees it: a usable token (refreshed
// under the account's lease when due, or when the platform turns the stored one down) and the
// account's current name and counts, which are stored.
//
//   POST { account_id } → 200 { success, username, followers, refreshed }
//   400 bad input · 401 no session · 404 not the caller's · 409 reconnect needed · 502 the platform failed
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { handler } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { describeError, redactUrls } from '../_shared/redact.ts';
import { ownAccount } from '../_shared/own-account.ts';
import { overLimit } from '../_shared/rate-limit.ts';
import { fetchAccount, PlatformError } from '../_shared/social-platforms.ts';
import { accessTokenFor, ReconnectNeeded } from '../_shared/social-tokens.ts';
import { AccountCheckBody } from './schema.ts';

Deno.serve(handler({ access: 'user', body: AccountCheckBody }, async ({ caller, body }) => {
  const { id, platform } = await ownAccount(caller, body.account_id);
  // Counted once the account is found to be the caller's (60 checks an hour).
  const limited = await overLimit(caller, 'social-account-check', 60);
  if (limited) return limited;

  try {
    let { token, refreshed } = await accessTokenFor(id);
    let account;
    try {
      account = await fetchAccount(platform, token);
    } catch (err) {
      // The platform turned a token down before its time (revoked, or expired early): refresh once.
      if (!(err instanceof PlatformError) || err.status >= 500) throw err;
      ({ token, refreshed } = await accessTokenFor(id, { force: true }));
      account = await fetchAccount(platform, token);
    }
    await adminClient()
      .from('social_accounts')
      .update({ username: account.username, follower_count: account.followers, following_count: account.following, post_count: account.posts })
      .eq('id', id);
    return json({ success: true, username: account.username, followers: account.followers, refreshed });
  } catch (err) {
    if (err instanceof ReconnectNeeded) return json({ success: false, code: 'reconnect_needed', error: err.message }, 409);
    console.error(`social-account-check ${platform}: ${err instanceof PlatformError ? redactUrls(JSON.stringify(err.body)) : describeError(err)}`);
    return json({ success: false, error: 'The platform did not answer. Try again in a moment.' }, 502);
  }
}));
