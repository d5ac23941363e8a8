// Starts connecting a social account: an OAuth state (and PKCE verifier) kept server-side, and the
// platform's consent URL for the browser to open.
//
//   POST { platform, return_path? } → 200 { url }
//   400 unknown platform · 401 no session · 403 not from the app · 429 rate limited · 503 platform not set up
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { appPath } from '../_shared/app-origin.ts';
import { randomBase64url } from '../_shared/base64url.ts';
import { appRequest } from '../_shared/app-request.ts';
import { json } from '../_shared/json.ts';
import { authorizeUrl, configured, isPlatform } from '../_shared/social-platforms.ts';

Deno.serve(async (req: Request) => {
  const request = await appRequest(req, 'Connecting an account');
  if (request instanceof Response) return request;
  const { caller, origin, body } = request;
  if (!isPlatform(body.platform)) return json({ success: false, error: 'Choose Instagram, Facebook, X, TikTok or Pinterest' }, 400);
  const platform = body.platform;
  if (!configured(platform)) return json({ success: false, error: `${platform} is not set up on this server yet` }, 503);

  const limit = await caller.client.rpc('check_rate_limit', { endpoint: 'social_connect', limit: 30, window_minutes: 60 });
  if (limit.error) return json({ success: false, error: 'Failed to check rate limit' }, 500);
  if (!(limit.data as { allowed: boolean }).allowed) return json({ success: false, error: 'Rate limit exceeded' }, 429);

  const state = randomBase64url(32);
  const verifier = randomBase64url(48);
  const returnTo = `${origin}${appPath(body.return_path, '/settings?tab=accounts')}`;
  const { error } = await adminClient().from('social_oauth_states').insert({ state, user_id: caller.user.id, platform, code_verifier: verifier, return_to: returnTo });
  if (error) return json({ success: false, error: 'Could not start connecting the account' }, 500);
  const redirectUri = `${Deno.env.get('SUPABASE_URL')}/functions/v1/social-oauth-callback`;
  return json({ success: true, url: await authorizeUrl(platform, { state, redirectUri, verifier }) });
});
