/**
 * Connecting social accounts through the functions and the platforms' stand-ins: for each of the
 * five, social-connect → the consent page → Allow → social-oauth-callback → back to the app with the
 * account stored, its tokens sealed and unreadable by any client; a state works once; a denied
 * consent comes back as an error; another origin cannot start it.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PLATFORM_IDS, type PlatformId } from '@shotcraft/devstack/src/platforms/catalog.ts';
import { pgClient } from '../helpers/clients.js';
import { newActor, type Actor } from '../data/support.js';
import { allow, callFunction, connect, connected, consent, expire, openSealed, ORIGIN } from './support.js';

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
    // The callback stores nothing: it hands the browser a one-time ticket to finish with its session.
    expect(done.location).toBe(`${ORIGIN}/settings?tab=accounts&connect_ticket=${done.ticket}`);
    expect((await su.query('select 1 from public.social_accounts where user_id = $1', [actor.id])).rows).toHaveLength(0);
    const finished = await done.finish(actor);
    expect(finished).toMatchObject({ status: 200, body: { success: true, platform } });

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

    // The state and the ticket work once: replaying either changes nothing.
    const replay = await fetch(done.callback, { redirect: 'manual' });
    expect(replay.status).toBe(400);
    expect((await done.finish(actor)).status).toBe(410);
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
    for (let i = 0; i < 2; i++) await allow(actor, (await connect(actor, 'pinterest')).body.url!);
    expect((await actor.db.from('social_accounts').select('id')).data).toHaveLength(1);
  });

  it('stores a consent link\'s account only for the user who started it: a victim who allows an attacker\'s link connects nothing to the attacker', async () => {
    const attacker = await newActor();
    const victim = await newActor();
    // The attacker starts a connect with their own session and sends the victim the consent link.
    const link = (await connect(attacker, 'pinterest')).body.url!;
    // The victim allows it; the platform sends the victim's browser back to the app, signed in as the victim.
    const done = await consent(link);
    expect(done.status).toBe(303);
    const refused = await done.finish(victim);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('started from another Shotcraft account');
    // Nothing was stored for either of them, and the attacker cannot use the ticket afterwards.
    expect((await su.query('select user_id from public.social_accounts where user_id = any($1::uuid[])', [[attacker.id, victim.id]])).rows).toEqual([]);
    expect((await done.finish(attacker)).status).toBe(410);
    expect((await su.query('select 1 from public.social_accounts where user_id = $1', [attacker.id])).rows).toHaveLength(0);
  });

  it('finishes only from the app, with a session and a well-formed ticket', async () => {
    const actor = await newActor();
    const done = await consent((await connect(actor, 'twitter')).body.url!);
    expect((await done.finish(actor, 'https://evil.example')).status).toBe(403);
    expect((await callFunction(actor, 'social-connect-finish', { ticket: 'not a ticket' }, { Origin: ORIGIN })).status).toBe(400);
    const { api_url, anon_key } = inject('devstack');
    const anonymous = await fetch(`${api_url}/functions/v1/social-connect-finish`, { method: 'POST', headers: { apikey: anon_key, 'Content-Type': 'application/json', Origin: ORIGIN }, body: JSON.stringify({ ticket: done.ticket }) });
    expect(anonymous.status).toBe(401);
    // None of those used the ticket up: the user who started still finishes.
    expect((await done.finish(actor)).status).toBe(200);
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

  it('never refreshes without the lease: while another holder has it, a check gives up and leaves that lease and the refresh token alone', async () => {
    const { actor, id } = await connected('twitter');
    await su.query(`update public.social_accounts set token_expires_at = now() - interval '1 minute', refresh_lease_until = now() + interval '60 seconds', refresh_lease_holder = 'another-instance' where id = $1`, [id]);
    const busy = await check(actor, id);
    expect(busy.status).toBe(502);
    const { rows } = await su.query('select token_version, is_active, refresh_lease_holder from public.social_accounts where id = $1', [id]);
    expect(rows[0]).toEqual({ token_version: 0, is_active: true, refresh_lease_holder: 'another-instance' });
    // The other holder goes away (its lease runs out): the next check refreshes with the unspent refresh token.
    await su.query('update public.social_accounts set refresh_lease_until = now() - interval \'1 second\' where id = $1', [id]);
    expect(await check(actor, id)).toMatchObject({ status: 200, body: { refreshed: true } });
    const after = await su.query('select token_version, is_active, refresh_lease_until, refresh_lease_holder from public.social_accounts where id = $1', [id]);
    expect(after.rows[0]).toEqual({ token_version: 1, is_active: true, refresh_lease_until: null, refresh_lease_holder: null });
  });

  it('a holder gives back only its own lease, and a token is stored only over the version it read', async () => {
    const { id } = await connected('pinterest');
    const mine = await su.query('select public.social_take_refresh_lease($1, $2) as ok', [id, 'holder-a']);
    expect(mine.rows[0].ok).toBe(true);
    expect((await su.query('select public.social_take_refresh_lease($1, $2) as ok', [id, 'holder-b'])).rows[0].ok).toBe(false);
    expect((await su.query('select public.social_release_refresh_lease($1, $2) as ok', [id, 'holder-b'])).rows[0].ok).toBe(false);
    expect((await su.query('select refresh_lease_holder from public.social_accounts where id = $1', [id])).rows[0].refresh_lease_holder).toBe('holder-a');
    expect((await su.query('select public.social_release_refresh_lease($1, $2) as ok', [id, 'holder-a'])).rows[0].ok).toBe(true);
  });

  it('connecting again is a new token version and ends a refresh under way, so that refresh can neither overwrite nor pause it', async () => {
    const { actor, id } = await connected('pinterest');
    await su.query(`update public.social_accounts set refresh_lease_until = now() + interval '30 seconds', refresh_lease_holder = 'in-flight' where id = $1`, [id]);
    await allow(actor, (await connect(actor, 'pinterest')).body.url!);
    const { rows } = await su.query('select token_version, refresh_lease_holder, is_active from public.social_accounts where id = $1', [id]);
    expect(rows[0]).toEqual({ token_version: 1, refresh_lease_holder: null, is_active: true });
    // What the in-flight refresh would do next, over the version it read (0), changes nothing.
    const late = await su.query(`update public.social_accounts set is_active = false where id = $1 and token_version = 0`, [id]);
    expect(late.rowCount).toBe(0);
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
    await allow(actor, (await connect(actor, platform)).body.url!);
    const { rows } = await su.query<{ id: string; access_token: string }>('select id, access_token from public.social_accounts where user_id = $1', [actor.id]);
    const live = openSealed(rows[0]!.access_token);
    const me = platform === 'twitter' ? '/twitter/2/users/me' : '/tiktok/v2/user/info/';
    expect((await fetch(`${inject('devstack').platforms_url}${me}`, { headers: { authorization: `Bearer ${live}` } })).status).toBe(200);

    expect(await disconnect(actor, rows[0]!.id)).toEqual({ status: 200, body: { success: true, revoked: true } });
    expect((await su.query('select 1 from public.social_accounts where user_id = $1', [actor.id])).rows).toHaveLength(0);
    expect((await fetch(`${inject('devstack').platforms_url}${me}`, { headers: { authorization: `Bearer ${live}` } })).status).toBe(401);
  });

  it('closing the Shotcraft account withdraws the access at each platform that has a revocation API', async () => {
    const { actor, id } = await connected('twitter');
    const { rows } = await su.query<{ access_token: string }>('select access_token from public.social_accounts where id = $1', [id]);
    const live = openSealed(rows[0]!.access_token);
    const me = `${inject('devstack').platforms_url}/twitter/2/users/me`;
    expect((await fetch(me, { headers: { authorization: `Bearer ${live}` } })).status).toBe(200);
    const closed = await callFunction(actor, 'delete-account', { confirm_email: actor.user.email });
    expect(closed).toMatchObject({ status: 200, body: { success: true, platform_access_revoked: 1 } });
    expect((await fetch(me, { headers: { authorization: `Bearer ${live}` } })).status).toBe(401);
  });

  it('deletes an account of a platform without a revocation API, and only the owner may', async () => {
    const actor = await newActor();
    await allow(actor, (await connect(actor, 'pinterest')).body.url!);
    const { data } = await actor.db.from('social_accounts').select('id').single();
    const other = await newActor();
    expect((await disconnect(other, data!.id as string)).status).toBe(404);
    expect(await disconnect(actor, data!.id as string)).toEqual({ status: 200, body: { success: true, revoked: false } });
    expect((await actor.db.from('social_accounts').select('id')).data).toHaveLength(0);
  });
});
