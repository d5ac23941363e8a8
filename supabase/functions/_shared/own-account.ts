// The connected account a request names, when it is the caller's: for the functions acting on one
// account (social-account-check, social-disconnect), called from their logic once the handler has
// verified the caller and checked `{ account_id }` with the function's schema. Ownership is decided
// with the caller's own rights (RLS), so someone else's account is simply not found (404).
import { HttpError } from './handler.ts';
import { isPlatform, type Platform } from './social-platforms.ts';
import type { Caller } from './user-client.ts';

export interface OwnAccount {
  id: string;
  platform: Platform;
}

export async function ownAccount(caller: Caller, id: string): Promise<OwnAccount> {
  const { data: own } = await caller.client.from('social_accounts').select('id, platform').eq('id', id).maybeSingle();
  if (!own || !isPlatform(own.platform)) throw new HttpError(404, 'Account not found');
  return { id, platform: own.platform };
}
