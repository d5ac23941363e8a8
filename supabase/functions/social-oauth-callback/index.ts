// Where a platform sends the browser back after consent: takes the OAuth state once, trades the
// code for tokens (PKCE verifier, client credentials), reads the account, stores it with its tokens
// sealed (never readable by clients), and sends the user back to the app with the outcome.
//
//   GET ?code&state → 303 <return_to>?connected=<platform>
//   GET ?error&state, or a failed exchange → 303 <return_to>?connect_error=<words>
//   unknown, used or expired state → 400 (there is nowhere safe to send the browser)
//
// Public (verify_jwt = false): the platform's redirect carries no Supabase session; the state is
// the proof of who started it.
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { exchangeCode, fetchAccount, isPlatform, PlatformError } from '../_shared/social-platforms.ts';
import { sealToken } from '../_shared/token-crypto.ts';

const page = (status: number, text: string) =>
  new Response(`<!doctype html><meta charset="utf-8"><title>Shotcraft</title><p>${text}</p>`, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });

function back(returnTo: string, key: string, value: string) {
  const to = new URL(returnTo);
  to.searchParams.set(key, value);
  return new Response(null, { status: 303, headers: { Location: to.toString() } });
}

Deno.serve(async (req: Request) => {
  if (req.method !== 'GET') return page(405, 'Method not allowed.');
  const url = new URL(req.url);
  const stateParam = url.searchParams.get('state') ?? '';
  const admin = adminClient();
  const { data: attempt } = await admin.rpc('take_oauth_state', { p_state: stateParam });
  const state = attempt as { user_id: string; platform: string; code_verifier: string; return_to: string; state: string | null } | null;
  if (!state?.state || !isPlatform(state.platform)) return page(400, 'This sign-in link has expired or was already used. Go back to Shotcraft and connect the account again.');
  const platform = state.platform;

  if (url.searchParams.get('error')) return back(state.return_to, 'connect_error', 'You did not allow Shotcraft to use the account.');
  const code = url.searchParams.get('code');
  if (!code) return back(state.return_to, 'connect_error', 'The platform did not send an authorization code.');

  try {
    const redirectUri = `${Deno.env.get('SUPABASE_URL')}/functions/v1/social-oauth-callback`;
    const tokens = await exchangeCode(platform, { code, redirectUri, verifier: state.code_verifier });
    const account = await fetchAccount(platform, tokens.accessToken);
    const key = Deno.env.get('SOCIAL_TOKEN_KEY');
    // Facebook posts with the Page's token; the user token only found the Page.
    const accessToken = await sealToken(account.pageToken ?? tokens.accessToken, key);
    const refreshToken = tokens.refreshToken ? await sealToken(tokens.refreshToken, key) : null;
    const { error } = await admin.from('social_accounts').upsert(
      {
        user_id: state.user_id, platform, account_id: account.accountId, username: account.username,
        access_token: accessToken, refresh_token: refreshToken,
        token_expires_at: new Date(Date.now() + tokens.expiresIn * 1000).toISOString(),
        follower_count: account.followers, following_count: account.following, post_count: account.posts,
        metadata: { scope: tokens.scope }, is_active: true, is_verified: true,
      },
      { onConflict: 'user_id,platform,account_id' },
    );
    if (error) throw new Error(error.message);
    return back(state.return_to, 'connected', platform);
  } catch (err) {
    console.error(`social-oauth-callback ${platform}: ${err instanceof PlatformError ? JSON.stringify(err.body) : (err as Error).message}`);
    return back(state.return_to, 'connect_error', 'The platform refused the connection. Try again in a moment.');
  }
});
