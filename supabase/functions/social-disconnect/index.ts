// Disconnects a social account: withdraws the app's access at the platform where it has an API for
// that (X, TikTok), then deletes the account and its tokens. A platform that does not answer does
// not keep the account here: the tokens are deleted either way.
//
//   POST { account_id } → 200 { success, revoked }
//   400 bad input · 401 no session · 404 not the caller's
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { json } from '../_shared/json.ts';
import { ownAccountRequest } from '../_shared/own-account.ts';
import { revokeTokens } from '../_shared/social-platforms.ts';
import { openToken } from '../_shared/token-crypto.ts';

Deno.serve(async (req: Request) => {
  const request = await ownAccountRequest(req);
  if (request instanceof Response) return request;
  const { id, platform } = request;

  const admin = adminClient();
  let revoked = false;
  try {
    const { data: sealed } = await admin.from('social_accounts').select('access_token, refresh_token').eq('id', id).single();
    const key = Deno.env.get('SOCIAL_TOKEN_KEY');
    revoked = await revokeTokens(platform, {
      accessToken: sealed?.access_token ? await openToken(sealed.access_token as string, key) : null,
      refreshToken: sealed?.refresh_token ? await openToken(sealed.refresh_token as string, key) : null,
    });
  } catch (err) {
    console.error(`social-disconnect ${platform}: revocation failed: ${(err as Error).message}`);
  }
  const { error } = await admin.from('social_accounts').delete().eq('id', id);
  if (error) return json({ success: false, error: 'Could not disconnect the account. Please try again.' }, 500);
  return json({ success: true, revoked });
});
