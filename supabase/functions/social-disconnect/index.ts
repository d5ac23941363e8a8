// Disconnects a social account: withdraws the app's access at the platform where it has an API for
// that (X, TikTok), then deletes the account and its tokens. A platform that does not answer does
// not keep the account here: the tokens are deleted either way.
//
//   POST { account_id } → 200 { success, revoked }
//   400 bad input · 401 no session · 404 not the caller's
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { json } from '../_shared/json.ts';
import { isPlatform, revokeTokens } from '../_shared/social-platforms.ts';
import { openToken } from '../_shared/token-crypto.ts';
import { verifiedCaller } from '../_shared/user-client.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json({ success: false, error: 'Method not allowed' }, 405);
  const caller = await verifiedCaller(req);
  if (!caller) return json({ success: false, error: 'User not authenticated' }, 401);
  const body = (await req.json().catch(() => null)) as { account_id?: unknown } | null;
  const id = body?.account_id;
  if (typeof id !== 'string' || !UUID.test(id)) return json({ success: false, error: 'account_id must be an account id' }, 400);
  const { data: own } = await caller.client.from('social_accounts').select('id, platform').eq('id', id).maybeSingle();
  if (!own || !isPlatform(own.platform)) return json({ success: false, error: 'Account not found' }, 404);

  const admin = adminClient();
  let revoked = false;
  try {
    const { data: sealed } = await admin.from('social_accounts').select('access_token, refresh_token').eq('id', id).single();
    const key = Deno.env.get('SOCIAL_TOKEN_KEY');
    revoked = await revokeTokens(own.platform, {
      accessToken: sealed?.access_token ? await openToken(sealed.access_token as string, key) : null,
      refreshToken: sealed?.refresh_token ? await openToken(sealed.refresh_token as string, key) : null,
    });
  } catch (err) {
    console.error(`social-disconnect ${own.platform}: revocation failed: ${(err as Error).message}`);
  }
  const { error } = await admin.from('social_accounts').delete().eq('id', id);
  if (error) return json({ success: false, error: 'Could not disconnect the account. Please try again.' }, 500);
  return json({ success: true, revoked });
});
