// Finishes connecting a social account, with the session of the browser the platform sent back:
// takes the callback's one-time ticket, checks that this user started the attempt, trades the code
// for tokens (PKCE verifier, client credentials), reads the account and stores it with its tokens
// sealed (never readable by clients).
//
//   POST { ticket } → 200 { success, platform, username }
//   400 bad ticket · 401 no session · 403 another account started it, or not from the app ·
//   410 unknown, used or expired ticket · 502 the platform refused
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { handler, HttpError } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { describeError, redactUrls } from '../_shared/redact.ts';
import { exchangeCode, fetchAccount, isPlatform, PlatformError } from '../_shared/social-platforms.ts';
import { sealToken } from '../_shared/token-crypto.ts';
import { ConnectFinishBody } from './schema.ts';

Deno.serve(handler({ access: 'user', fromApp: 'Connecting an account', body: ConnectFinishBody }, async ({ caller, body }) => {
  const admin = adminClient();
  const { data } = await admin.rpc('take_oauth_ticket', { p_ticket: body.ticket });
  const attempt = data as { state: string | null; user_id: string; platform: string; code: string; code_verifier: string } | null;
  if (!attempt?.state || !isPlatform(attempt.platform)) {
    throw new HttpError(410, 'This connection has expired or was already finished. Connect the account again.');
  }
  // The ticket is used up either way: a connection started by another account is never stored.
  if (attempt.user_id !== caller.user.id) {
    console.warn(`social-connect-finish: a ${attempt.platform} connection started by another account was refused`);
    throw new HttpError(403, 'This connection was started from another Shotcraft account, so it was not saved. Connect the account from your own Settings.');
  }
  const platform = attempt.platform;

  try {
    const redirectUri = `${Deno.env.get('SUPABASE_URL')}/functions/v1/social-oauth-callback`;
    const tokens = await exchangeCode(platform, { code: attempt.code, redirectUri, verifier: attempt.code_verifier });
    const account = await fetchAccount(platform, tokens.accessToken);
    const key = Deno.env.get('SOCIAL_TOKEN_KEY');
    // Facebook posts with the Page's token; the user token only found the Page.
    const accessToken = await sealToken(account.pageToken ?? tokens.accessToken, key);
    const refreshToken = tokens.refreshToken ? await sealToken(tokens.refreshToken, key) : null;
    const { error } = await admin.from('social_accounts').upsert(
      {
        user_id: caller.user.id, platform, account_id: account.accountId, username: account.username,
        access_token: accessToken, refresh_token: refreshToken,
        token_expires_at: new Date(Date.now() + tokens.expiresIn * 1000).toISOString(),
        follower_count: account.followers, following_count: account.following, post_count: account.posts,
        metadata: { scope: tokens.scope }, is_active: true, is_verified: true,
      },
      { onConflict: 'user_id,platform,account_id' },
    );
    if (error) throw new Error(error.message);
    return json({ success: true, platform, username: account.username });
  } catch (err) {
    console.error(`social-connect-finish ${platform}: ${err instanceof PlatformError ? redactUrls(JSON.stringify(err.body)) : describeError(err)}`);
    throw new HttpError(502, 'The platform refused the connection. Try again in a moment.');
  }
}));
