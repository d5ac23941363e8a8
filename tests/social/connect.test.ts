/**
 * Connecting social accounts through the functions and the platforms' stand-ins: for each of the
 * five, social-connect → the consent page → Allow → social-oauth-callback → back to the app with the
 * account stored, its tokens sealed and unreadable by any client; a state works once; a denied
 * consent comes back as an error; another origin cannot start it.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PLATFORM_IDS, type PlatformId } from '../../devstack/src/platforms/catalog.js';
import { pgClient } from '../helpers/clients.js';
import { newActor, type Actor } from '../data/support.js';
import { callFunction, connect, connected, consent, expire, openSealed, ORIGIN } from './support.js';

let su: pg.Client;

beforeAll(async () => {
  su = await pgClient();
});
afterAll(async () => {
  await su.end();
});

describe('connecting social accounts', () => {
  it.each(PLATFORM_IDS)('connects %s: the account is stored with sealed tokens the owner cannot read', async (platform) => {
    const actor = await newActor();
    const started = await connect(actor, platform);
    expect(started.status).toBe(200);
    const done = await consent(started.body.url!);
    expect(done.status).toBe(303);
    expect(done.location).toBe(`${ORIGIN}/settings?tab=accounts&connected=${platform}`);

    const { data, error } = await actor.db.from('social_accounts').select('platform, username, is_active, follower_count, token_expires_at');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data![0]).toMatchObject({ platform, is_active: true });
    expect(data![0]!.username).toBeTruthy();
    expect(new Date(data![0]!.token_expires_at as string).getTime()).toBeGreaterThan(Date.now());

    // Tokens: not selectable by the owner, and sealed at rest.
    expect((await actor.db.from('social_accounts').select('access_token')).error?.code).toBe('42501');
    expect((await actor.db.from('social_accounts').select('refresh_token')).error?.code).toBe('42501');
    const { rows } = await su.query<{ access_token: string }>('select access_token from public.social_accounts where user_id = $1', [actor.id]);
    expect(rows[0]!.access_token).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(rows[0]!.access_token).not.toContain(`${platform}-at-`);

    // The state was used once: replaying the callback changes nothing.
    const replay = await fetch(done.callback, { redirect: 'manual' });
    expect(replay.status).toBe(400);
  });

  it('a denied consent comes back as an error and stores nothing', async () => {
    const actor = await newActor();
    const started = await connect(actor, 'twitter');
    const done = await consent(started.body.url!, 'deny');
    expect(done.location).toBe(`${ORIGIN}/settings?tab=accounts&connect_error=You+did+not+allow+Shotcraft+to+use+the+account.`);
    expect((await actor.db.from('social_accounts').select('id')).data).toHaveLength(0);
  });

  it('reconnecting the same account updates it instead of adding another', async () => {
    const actor = await newActor();
    for (let i = 0; i < 2; i++) await consent((await connect(actor, 'pinterest')).body.url!);
    expect((await actor.db.from('social_accounts').select('id')).data).toHaveLength(1);
  });

  it('refuses an unknown platform, another origin, and a made-up state', async () => {
    const actor = await newActor();
    expect((await connect(actor, 'myspace' as PlatformId)).status).toBe(400);
    expect((await connect(actor, 'instagram', 'https://evil.example')).status).toBe(403);
    const forged = await fetch(`${inject('devstack').api_url}/functions/v1/social-oauth-callback?code=x&state=${'a'.repeat(43)}`, { redirect: 'manual' });
    expect(forged.status).toBe(400);
  });
});

describe('keeping a connection alive', () => {
  const check = (actor: Actor, accountId: string) => callFunction(actor, 'social-account-check', { account_id: accountId });

  it('refreshes an X token the platform turned down, once, even when two checks race on rotating refresh tokens', async () => {
    const { actor, id } = await connected('twitter');
    expect(await check(actor, id)).toMatchObject({ status: 200, body: { success: true, username: 'shotcraftdemo', refreshed: false } });
    await expire(su, id);
    const [a, b] = await Promise.all([check(actor, id), check(actor, id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const { rows } = await su.query<{ token_version: number; is_active: boolean }>('select token_version, is_active from public.social_accounts where id = $1', [id]);
    expect(rows[0]).toEqual({ token_version: 1, is_active: true });
    // The refresh token kept is the live one: the next expiry refreshes again.
    await expire(su, id);
    expect((await check(actor, id)).status).toBe(200);
    expect((await su.query('select token_version from public.social_accounts where id = $1', [id])).rows[0].token_version).toBe(2);
  });

  it('a token close to its expiry is refreshed before use (Instagram refreshes its long-lived token itself)', async () => {
    const { actor, id } = await connected('instagram');
    await su.query(`update public.social_accounts set token_expires_at = now() + interval '1 minute' where id = $1`, [id]);
    expect(await check(actor, id)).toMatchObject({ status: 200, body: { refreshed: true } });
    const { rows } = await su.query<{ days: number }>(`select extract(day from token_expires_at - now())::int as days from public.social_accounts where id = $1`, [id]);
    expect(rows[0]!.days).toBeGreaterThanOrEqual(59);
  });

  it('a refresh token the platform refuses means reconnect: said in words, and the account is paused', async () => {
    const { actor, id } = await connected('tiktok');
    await expire(su, id, true);
    const res = await check(actor, id);
    expect(res).toMatchObject({ status: 409, body: { code: 'reconnect_needed' } });
    expect(res.body.error).toMatch(/Connect the account again in Settings/);
    expect((await actor.db.from('social_accounts').select('is_active').single()).data).toEqual({ is_active: false });
  });

  it('someone else’s account is not found', async () => {
    const { id } = await connected('pinterest');
    const other = await newActor();
    expect((await check(other, id)).status).toBe(404);
  });
});

describe('disconnecting', () => {
  const disconnect = (actor: Actor, accountId: string) => callFunction(actor, 'social-disconnect', { account_id: accountId });

  it.each(['twitter', 'tiktok'] as const)('withdraws the access at %s and deletes the account with its tokens', async (platform) => {
    const actor = await newActor();
    await consent((await connect(actor, platform)).body.url!);
    const { rows } = await su.query<{ id: string; access_token: string }>('select id, access_token from public.social_accounts where user_id = $1', [actor.id]);
    const live = openSealed(rows[0]!.access_token);
    const me = platform === 'twitter' ? '/twitter/2/users/me' : '/tiktok/v2/user/info/';
    expect((await fetch(`${inject('devstack').platforms_url}${me}`, { headers: { authorization: `Bearer ${live}` } })).status).toBe(200);

    expect(await disconnect(actor, rows[0]!.id)).toEqual({ status: 200, body: { success: true, revoked: true } });
    expect((await su.query('select 1 from public.social_accounts where user_id = $1', [actor.id])).rows).toHaveLength(0);
    expect((await fetch(`${inject('devstack').platforms_url}${me}`, { headers: { authorization: `Bearer ${live}` } })).status).toBe(401);
  });

  it('deletes an account of a platform without a revocation API, and only the owner may', async () => {
    const actor = await newActor();
    await consent((await connect(actor, 'pinterest')).body.url!);
    const { data } = await actor.db.from('social_accounts').select('id').single();
    const other = await newActor();
    expect((await disconnect(other, data!.id as string)).status).toBe(404);
    expect(await disconnect(actor, data!.id as string)).toEqual({ status: 200, body: { success: true, revoked: false } });
    expect((await actor.db.from('social_accounts').select('id')).data).toHaveLength(0);
  });
});
