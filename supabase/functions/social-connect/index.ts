// Starts connecting a social account: an OAuth state (and PKCE verifier) kept server-side, and the
// platform's consent URL for the browser to open.
//
//   POST { platform, return_path? } → 200 { url }
//   400 unknown platform · 401 no session · 403 not from the app · 429 rate limited · 503 platform not set up
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { appPath } from '../_shared/app-origin.ts';
import { randomBase64url } from '../_shared/base64url.ts';
import { handler, HttpError } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { authorizeUrl, configured } from '../_shared/social-platforms.ts';
import { ConnectBody } from './schema.ts';

Deno.serve(handler({ access: 'user', fromApp: 'Connecting an account', body: ConnectBody }, async ({ caller, origin, body }) => {
  const platform = body.platform;
  if (!configured(platform)) throw new HttpError(503, `${platform} is not set up on this server yet`);

  const limit = await caller.client.rpc('check_rate_limit', { endpoint: 'social_connect', limit: 30, window_minutes: 60 });
  if (limit.error) throw new HttpError(500, 'Failed to check rate limit');
  if (!(limit.data as { allowed: boolean }).allowed) throw new HttpError(429, 'Rate limit exceeded');

  const state = randomBase64url(32);
  const verifier = randomBase64url(48);
  const returnTo = `${origin}${appPath(body.return_path, '/settings?tab=accounts')}`;
  const { error } = await adminClient().from('social_oauth_states').insert({ state, user_id: caller.user.id, platform, code_verifier: verifier, return_to: returnTo });
  if (error) throw new HttpError(500, 'Could not start connecting the account');
  const redirectUri = `${Deno.env.get('SUPABASE_URL')}/functions/v1/social-oauth-callback`;
  return json({ success: true, url: await authorizeUrl(platform, { state, redirectUri, verifier }) });
}));
