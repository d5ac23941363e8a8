// A usable access token for a connected account: the stored one while it has more than five
// minutes left, else a refreshed one. Only one caller refreshes an account at a time (a lease in
// the database); the others wait for the new token instead of spending the refresh token again,
// which on X (rotating refresh tokens) would log the account out. A refresh the platform refuses
// marks the account as needing to be reconnected.
import { adminClient } from './admin-client.ts';
import { refreshTokens, type Platform, PlatformError } from './social-platforms.ts';
import { openToken, sealToken } from './token-crypto.ts';

const EARLY_MS = 5 * 60 * 1000;
const WAIT_MS = 15_000;

export class ReconnectNeeded extends Error {
  constructor(readonly platform: string) {
    super('Reconnect needed: the platform no longer accepts this connection. Connect the account again in Settings.');
  }
}

interface Row {
  id: string;
  platform: Platform;
  access_token: string | null;
  refresh_token: string | null;
  token_expires_at: string | null;
  token_version: number;
  is_active: boolean;
}

async function read(id: string): Promise<Row> {
  const { data, error } = await adminClient()
    .from('social_accounts')
    .select('id, platform, access_token, refresh_token, token_expires_at, token_version, is_active')
    .eq('id', id)
    .single();
  if (error || !data) throw new Error(error?.message ?? 'No such account');
  return data as Row;
}

const fresh = (row: Row) => !!row.access_token && !!row.token_expires_at && new Date(row.token_expires_at).getTime() - Date.now() > EARLY_MS;

export async function accessTokenFor(accountId: string, opts: { force?: boolean } = {}): Promise<{ token: string; refreshed: boolean }> {
  const key = Deno.env.get('SOCIAL_TOKEN_KEY');
  let row = await read(accountId);
  if (!row.is_active) throw new ReconnectNeeded(row.platform);
  if (!opts.force && fresh(row)) return { token: await openToken(row.access_token!, key), refreshed: false };

  const admin = adminClient();
  const seen = row.token_version;
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const { data: leased, error } = await admin.rpc('social_take_refresh_lease', { p_account: accountId, p_seconds: 30 });
    if (error) throw new Error(error.message);
    if (leased) break;
    // Someone else is refreshing: wait for their token.
    await new Promise((r) => setTimeout(r, 200));
    row = await read(accountId);
    if (!row.is_active) throw new ReconnectNeeded(row.platform);
    if (row.token_version !== seen && row.access_token) return { token: await openToken(row.access_token, key), refreshed: true };
  }

  try {
    row = await read(accountId);
    // A refresh may have landed between our read and our lease.
    if (row.token_version !== seen && row.access_token && (!opts.force || fresh(row))) return { token: await openToken(row.access_token, key), refreshed: true };
    let tokens;
    try {
      tokens = await refreshTokens(row.platform, {
        accessToken: row.access_token ? await openToken(row.access_token, key) : '',
        refreshToken: row.refresh_token ? await openToken(row.refresh_token, key) : null,
      });
    } catch (err) {
      if (err instanceof PlatformError && err.status >= 400 && err.status < 500) {
        await admin.from('social_accounts').update({ is_active: false, metadata: { reconnect_needed: true } }).eq('id', accountId);
        throw new ReconnectNeeded(row.platform);
      }
      throw err;
    }
    const { error } = await admin
      .from('social_accounts')
      .update({
        access_token: await sealToken(tokens.accessToken, key),
        refresh_token: tokens.refreshToken ? await sealToken(tokens.refreshToken, key) : null,
        token_expires_at: new Date(Date.now() + tokens.expiresIn * 1000).toISOString(),
        token_version: row.token_version + 1,
      })
      .eq('id', accountId);
    if (error) throw new Error(error.message);
    return { token: tokens.accessToken, refreshed: true };
  } finally {
    await admin.from('social_accounts').update({ refresh_lease_until: null }).eq('id', accountId);
  }
}
