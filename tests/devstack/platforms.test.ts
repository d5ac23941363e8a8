/**
 * The social platforms' stand-ins, OAuth side: for each of the five, the consent page → code →
 * token → profile round trip with the platform's own parameter names, client authentication and
 * PKCE; codes are single-use; refresh tokens expire and, on X, rotate; a dead token is refused in
 * the platform's own error shape.
 */
import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localClient, PLATFORM_IDS, PLATFORMS, type PlatformId } from '@shotcraft/devstack/src/platforms/catalog.ts';

let base: string;
const REDIRECT = 'http://127.0.0.1:54321/functions/v1/social-oauth-callback';

beforeAll(() => {
  base = inject('devstack').platforms_url;
});

/** Consent (the Allow button's form post) → the code on the redirect. */
async function authorize(platform: PlatformId, opts: { verifier?: string; decision?: 'allow' | 'deny' } = {}) {
  const spec = PLATFORMS[platform];
  const params = new URLSearchParams({ [spec.clientIdParam]: localClient(platform).id, redirect_uri: REDIRECT, response_type: 'code', scope: 'read,write', state: 'st-123' });
  if (opts.verifier) {
    params.set('code_challenge', createHash('sha256').update(opts.verifier).digest('base64url'));
    params.set('code_challenge_method', 'S256');
  }
  const page = await fetch(`${base}/${platform}${spec.authorizePath}?${params}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(`@${spec.demo.username}`);
  const consent = await fetch(`${base}/${platform}${spec.authorizePath}`, { method: 'POST', body: new URLSearchParams({ ...Object.fromEntries(params), decision: opts.decision ?? 'allow' }), redirect: 'manual' });
  expect(consent.status).toBe(302);
  return new URL(consent.headers.get('location')!);
}

async function exchange(platform: PlatformId, form: Record<string, string>) {
  const spec = PLATFORMS[platform];
  const app = localClient(platform);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  const body = new URLSearchParams(form);
  if (spec.clientAuth === 'basic') headers.authorization = `Basic ${Buffer.from(`${app.id}:${app.secret}`).toString('base64')}`;
  else {
    body.set(spec.clientIdParam, app.id);
    body.set('client_secret', app.secret);
  }
  const res = await fetch(`${base}/${platform}${spec.tokenPath}`, { method: 'POST', headers, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const PROFILE_PATH: Record<PlatformId, string> = {
  instagram: '/v21.0/me?fields=user_id,username,followers_count',
  facebook: '/v21.0/me/accounts',
  twitter: '/2/users/me?user.fields=public_metrics',
  tiktok: '/v2/user/info/?fields=open_id,username,follower_count',
  pinterest: '/v5/user_account',
};
const profile = async (platform: PlatformId, accessToken: string) => {
  const res = await fetch(`${base}/${platform}${PROFILE_PATH[platform]}`, { headers: { authorization: `Bearer ${accessToken}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe.each(PLATFORM_IDS)('%s stand-in', (platform) => {
  const spec = PLATFORMS[platform];

  it('grants a token for the consented code (once), and the token reads the account', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const back = await authorize(platform, { verifier });
    expect(back.searchParams.get('state')).toBe('st-123');
    const code = back.searchParams.get('code')!;
    const granted = await exchange(platform, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier });
    expect(granted.status).toBe(200);
    expect(granted.body.access_token).toEqual(expect.any(String));
    expect(granted.body.expires_in).toBe(spec.accessTtl);
    if (spec.refreshTtl) expect(granted.body.refresh_token).toEqual(expect.any(String));

    const me = await profile(platform, granted.body.access_token as string);
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain(platform === 'facebook' ? 'CREATE_CONTENT' : spec.demo.username);

    const again = await exchange(platform, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier });
    expect(again.status).toBeGreaterThanOrEqual(400);
  });

  it('refuses a wrong PKCE verifier, a wrong client secret and a made-up token, in its own words', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const code = (await authorize(platform, { verifier })).searchParams.get('code')!;
    expect((await exchange(platform, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: `${verifier}x` })).status).toBe(400);

    const bad = await fetch(`${base}/${platform}${spec.tokenPath}`, { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code', code: 'x', [spec.clientIdParam]: localClient(platform).id, client_secret: 'wrong' }) });
    expect(bad.status).toBeGreaterThanOrEqual(400);

    const dead = await profile(platform, 'not-a-token');
    expect(dead).toEqual(spec.authError());
  });

  it('a denied consent returns access_denied with the state', async () => {
    const back = await authorize(platform, { verifier: 'v'.repeat(43), decision: 'deny' });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-123');
    expect(back.searchParams.get('code')).toBeNull();
  });
});

describe('token lifetimes', () => {
  it('X rotates refresh tokens: the new one works, the used one is dead', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const code = (await authorize('twitter', { verifier })).searchParams.get('code')!;
    const first = (await exchange('twitter', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier })).body;
    const second = await exchange('twitter', { grant_type: 'refresh_token', refresh_token: first.refresh_token as string });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await exchange('twitter', { grant_type: 'refresh_token', refresh_token: first.refresh_token as string })).body).toMatchObject({ error: 'invalid_grant' });
    expect((await profile('twitter', second.body.access_token as string)).status).toBe(200);
  });

  it.each(['twitter', 'tiktok'] as const)('%s: a revoked token ends its own connection (its refresh token too), not another connection of the same account', async (platform) => {
    const connect = async () => {
      const verifier = randomBytes(32).toString('base64url');
      const code = (await authorize(platform, { verifier })).searchParams.get('code')!;
      return (await exchange(platform, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier })).body;
    };
    const mine = await connect();
    const theirs = await connect();
    const app = localClient(platform);
    const path = platform === 'twitter' ? '/2/oauth2/revoke' : '/v2/oauth/revoke/';
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    const form = new URLSearchParams({ token: mine.access_token as string });
    if (PLATFORMS[platform].clientAuth === 'basic') headers.authorization = `Basic ${Buffer.from(`${app.id}:${app.secret}`).toString('base64')}`;
    else {
      form.set(PLATFORMS[platform].clientIdParam, app.id);
      form.set('client_secret', app.secret);
    }
    expect((await fetch(`${base}/${platform}${path}`, { method: 'POST', headers, body: form })).status).toBe(200);
    expect(await profile(platform, mine.access_token as string)).toEqual(PLATFORMS[platform].authError());
    expect((await exchange(platform, { grant_type: 'refresh_token', refresh_token: mine.refresh_token as string })).body).toMatchObject({ error: expect.any(String) });
    expect((await profile(platform, theirs.access_token as string)).status).toBe(200);
  });

  it('an expired access token is refused until it is refreshed (TikTok keeps its refresh token)', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const code = (await authorize('tiktok', { verifier })).searchParams.get('code')!;
    const granted = (await exchange('tiktok', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier })).body;
    // Only this connection's tokens: other connections of the demo account keep working.
    const other = (await exchange('tiktok', { grant_type: 'authorization_code', code: (await authorize('tiktok', { verifier })).searchParams.get('code')!, redirect_uri: REDIRECT, code_verifier: verifier })).body;
    await fetch(`${base}/_devstack/expire`, { method: 'POST', body: JSON.stringify({ platform: 'tiktok', token: granted.access_token }) });
    expect(await profile('tiktok', granted.access_token as string)).toEqual(PLATFORMS.tiktok.authError());
    expect((await profile('tiktok', other.access_token as string)).status).toBe(200);
    const refreshed = await exchange('tiktok', { grant_type: 'refresh_token', refresh_token: granted.refresh_token as string });
    expect(refreshed.body.refresh_token).toBe(granted.refresh_token);
    expect((await profile('tiktok', refreshed.body.access_token as string)).status).toBe(200);
  });
});
