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

const ORIGIN = 'http://127.0.0.1:5173';
let su: pg.Client;

beforeAll(async () => {
  su = await pgClient();
});
afterAll(async () => {
  await su.end();
});

async function connect(actor: Actor, platform: PlatformId, origin = ORIGIN) {
  const { api_url, anon_key } = inject('devstack');
  const token = (await actor.db.auth.getSession()).data.session!.access_token;
  const res = await fetch(`${api_url}/functions/v1/social-connect`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, apikey: anon_key, 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ platform, return_path: '/settings?tab=accounts' }),
  });
  return { status: res.status, body: (await res.json()) as { url?: string; error?: string } };
}

/** The user on the consent page: its form posted with Allow (or Cancel), then the redirect followed to the callback. */
async function consent(authorizeUrl: string, decision: 'allow' | 'deny' = 'allow') {
  const url = new URL(authorizeUrl);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const toCallback = await fetch(url.origin + url.pathname, { method: 'POST', body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), decision }), redirect: 'manual' });
  const callback = toCallback.headers.get('location')!;
  const toApp = await fetch(callback, { redirect: 'manual' });
  return { callback, status: toApp.status, location: toApp.headers.get('location') };
}

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
