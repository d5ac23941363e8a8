// What the functions acting on one connected account check first: a POST from a signed-in caller
// naming an account of theirs. Ownership is decided with the caller's own rights (RLS), so someone
// else's account is simply not found. Anything else is answered here.
import { corsHeaders } from './cors.ts';
import { json } from './json.ts';
import { isPlatform, type Platform } from './social-platforms.ts';
import { verifiedCaller, type Caller } from './user-client.ts';
import { isUuid } from '@shotcraft/shared/ids.ts';


export interface OwnAccount {
  caller: Caller;
  id: string;
  platform: Platform;
}

export async function ownAccountRequest(req: Request): Promise<OwnAccount | Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json({ success: false, error: 'Method not allowed' }, 405);
  const caller = await verifiedCaller(req);
  if (!caller) return json({ success: false, error: 'User not authenticated' }, 401);
  const body = (await req.json().catch(() => null)) as { account_id?: unknown } | null;
  const id = body?.account_id;
  if (!isUuid(id)) return json({ success: false, error: 'account_id must be an account id' }, 400);
  const { data: own } = await caller.client.from('social_accounts').select('id, platform').eq('id', id).maybeSingle();
  if (!own || !isPlatform(own.platform)) return json({ success: false, error: 'Account not found' }, 404);
  return { caller, id, platform: own.platform };
}
