// A usable access token for a connected account: the stored one while it has more than five
// minutes left, else a refreshed one. Only the holder of the account's refresh lease refreshes it
// (a lease in the database, named by its holder); the others wait for the new token instead of
// spending the refresh token again, which on X (rotating refresh tokens) would log the account out.
// Nobody refreshes without the lease: a caller that cannot get it in time gives up (try again
// later). Every platform call ends well within the lease (PLATFORM_TIMEOUT_MS), the new token is
// stored only over the version read under the lease, and only the holder gives the lease back.
// A refresh the platform refuses marks the account as needing to be reconnected.
import { adminClient } from './admin-client.ts';
import { refreshTokens, revokeTokens, type Platform, PlatformError } from './social-platforms.ts';
import { openToken, sealToken } from './token-crypto.ts';

const EARLY_MS = 5 * 60 * 1000;
// Longer than one platform call may take (PLATFORM_TIMEOUT_MS), so a slow refresh is waited for.
const WAIT_MS = 12_000;
const LEASE_SECONDS = 30;

export class ReconnectNeeded extends Error {
  constructor(readonly platform: string) {
    super('Reconnect needed: the platform no longer accepts this connection. Connect the account again in Settings.');
  }
}

/** Another caller holds the account's refresh lease and has not finished in time. */
export class RefreshBusy extends Error {
  constructor(readonly platform: string) {
    super(`The ${platform} connection is being renewed. Try again in a moment.`);
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
  const holder = crypto.randomUUID();
  const seen = row.token_version;
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const { data: leased, error } = await admin.rpc('social_take_refresh_lease', { p_account: accountId, p_holder: holder, p_seconds: LEASE_SECONDS });
    if (error) throw new Error(error.message);
    if (leased) break;
    // Someone else is refreshing: wait for their token, never refresh beside them.
    if (Date.now() >= deadline) throw new RefreshBusy(row.platform);
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
        await admin.from('social_accounts').update({ is_active: false, metadata: { reconnect_needed: true } }).eq('id', accountId).eq('token_version', row.token_version);
        throw new ReconnectNeeded(row.platform);
      }
      throw err;
    }
    // Stored only over the version read under the lease (compare and swap).
    const { data: stored, error } = await admin
      .from('social_accounts')
      .update({
        access_token: await sealToken(tokens.accessToken, key),
        refresh_token: tokens.refreshToken ? await sealToken(tokens.refreshToken, key) : null,
        token_expires_at: new Date(Date.now() + tokens.expiresIn * 1000).toISOString(),
        token_version: row.token_version + 1,
      })
      .eq('id', accountId)
      .eq('token_version', row.token_version)
      .select('id');
    if (error) throw new Error(error.message);
    if (!stored?.length) {
      // Cannot happen while the lease holds; if it ever does, the stored token is the one to use.
      const now = await read(accountId);
      if (!now.access_token) throw new ReconnectNeeded(now.platform);
      return { token: await openToken(now.access_token, key), refreshed: true };
    }
    return { token: tokens.accessToken, refreshed: true };
  } finally {
    await admin.rpc('social_release_refresh_lease', { p_account: accountId, p_holder: holder });
  }
}

/**
 * Withdraws the app's access to a connected account at its platform, where the platform has an API
 * for it (X, TikTok); true when the platform confirmed. Best effort: a failure is logged by the
 * caller, and deleting the stored tokens still ends Shotcraft's use of them.
 */
export async function revokeAccount(accountId: string): Promise<boolean> {
  const key = Deno.env.get('SOCIAL_TOKEN_KEY');
  const row = await read(accountId);
  return revokeTokens(row.platform, {
    accessToken: row.access_token ? await openToken(row.access_token, key) : null,
    refreshToken: row.refresh_token ? await openToken(row.refresh_token, key) : null,
  });
}
