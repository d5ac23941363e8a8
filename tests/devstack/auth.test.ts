/**
 * Auth contract: the devstack's /auth/v1 as supabase-js's auth client sees it, with e-mails read
 * from the local inbox's JSON API. Every test uses its own addresses, so tests run in parallel.
 */
import { createHash, randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { startDevstack, type RunningDevstack } from '@shotcraft/devstack/src/index.ts';
import { anonClient, createUser, pgClient, serviceClient, uniqueEmail } from '../helpers/clients.js';
import { freePorts } from '../helpers/ports.js';

const { api_url, anon_key, inbox_url } = inject('devstack');
const APP = 'http://localhost:5173';

interface InboxMessage {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  links: { label: string; url: string }[];
}

async function inbox(to: string): Promise<InboxMessage[]> {
  const res = await fetch(`${inbox_url}/api/messages?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as InboxMessage[];
}

async function onlyLink(to: string, subject: string): Promise<string> {
  const [mail] = (await inbox(to)).filter((m) => m.subject === subject);
  expect(mail, `a "${subject}" mail to ${to}`).toBeDefined();
  return mail!.links[0]!.url;
}

/** Follows an e-mail link as a browser would, stopping at the redirect GoTrue answers with. */
async function follow(link: string): Promise<{ status: number; location: URL; fragment: URLSearchParams }> {
  const res = await fetch(link, { redirect: 'manual' });
  const location = new URL(res.headers.get('location') ?? 'about:blank');
  return { status: res.status, location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signedUpAndConfirmed(password = 'correct-horse-1'): Promise<{ email: string; password: string; client: SupabaseClient }> {
  const email = uniqueEmail('auth');
  const client = anonClient();
  const { error } = await client.auth.signUp({ email, password });
  expect(error).toBeNull();
  expect((await follow(await onlyLink(email, 'Confirm your email address'))).status).toBe(303);
  const signIn = await client.auth.signInWithPassword({ email, password });
  expect(signIn.error).toBeNull();
  return { email, password, client };
}

describe('sign-up and e-mail confirmation', () => {
  it('signs up without a session, mails a link that confirms with a 303 carrying the session, then signs in', async () => {
    const email = uniqueEmail('signup');
    const client = anonClient();
    const { data, error } = await client.auth.signUp({
      email,
      password: 'correct-horse-1',
      options: { data: { full_name: 'Ada Lovelace' }, emailRedirectTo: `${APP}/welcome` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { full_name: 'Ada Lovelace' } });
    expect(data.user?.email_confirmed_at).toBeUndefined();

    const link = await onlyLink(email, 'Confirm your email address');
    expect(link).toContain(`${api_url}/auth/v1/verify?token=`);
    const { status, location, fragment } = await follow(link);
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(`${APP}/welcome`);
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('type')).toBe('signup');
    expect(Number(fragment.get('expires_in'))).toBeGreaterThan(0);
    const linked = await client.auth.getUser(fragment.get('access_token')!);
    expect(linked.data.user?.email).toBe(email);

    const signIn = await client.auth.signInWithPassword({ email, password: 'correct-horse-1' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session?.user.email_confirmed_at).toBeTruthy();
  });

  it('keeps signUp options.data in user_metadata and in auth.users.raw_user_meta_data', async () => {
    const email = uniqueEmail('meta');
    const { data } = await anonClient().auth.signUp({ email, password: 'correct-horse-1', options: { data: { full_name: 'Grace Hopper', plan: 'trial' } } });
    expect(data.user?.user_metadata).toEqual({ full_name: 'Grace Hopper', plan: 'trial' });
    const db = await pgClient();
    try {
      const { rows } = await db.query('select raw_user_meta_data, raw_app_meta_data from auth.users where email = $1', [email]);
      expect(rows[0].raw_user_meta_data).toEqual({ full_name: 'Grace Hopper', plan: 'trial' });
      expect(rows[0].raw_app_meta_data).toEqual({ provider: 'email', providers: ['email'] });
    } finally {
      await db.end();
    }
  });

  it('refuses to sign in before the address is confirmed with "Email not confirmed"', async () => {
    const email = uniqueEmail('unconfirmed');
    const client = anonClient();
    await client.auth.signUp({ email, password: 'correct-horse-1' });
    const { data, error } = await client.auth.signInWithPassword({ email, password: 'correct-horse-1' });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ message: 'Email not confirmed', code: 'email_not_confirmed', status: 400 });
  });

  it('answers a second sign-up of a confirmed address like GoTrue: no error, no session, a look-alike user', async () => {
    const { email } = await signedUpAndConfirmed();
    const { data, error } = await anonClient().auth.signUp({ email, password: 'another-pass-2' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
  });

  it('rejects a 5-character password with weak_password and a malformed address with validation_failed', async () => {
    const weak = await anonClient().auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', message: 'Password should be at least 6 characters.' });
    const bad = await anonClient().auth.signUp({ email: 'not-an-email', password: 'correct-horse-1' });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' });
  });

  it('resends the confirmation: the newest link confirms, the older one redirects with otp_expired', async () => {
    const email = uniqueEmail('resend');
    const client = anonClient();
    await client.auth.signUp({ email, password: 'correct-horse-1' });
    await sleep(1100); // [auth.email] max_frequency is 1 s, as with the Supabase CLI
    const { error } = await client.auth.resend({ type: 'signup', email, options: { emailRedirectTo: `${APP}/again` } });
    expect(error).toBeNull();
    const mails = (await inbox(email)).filter((m) => m.subject === 'Confirm your email address');
    expect(mails).toHaveLength(2);
    const [newest, oldest] = mails;
    const stale = await follow(oldest!.links[0]!.url);
    expect(stale.status).toBe(303);
    expect(Object.fromEntries(stale.fragment)).toMatchObject({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
    const fresh = await follow(newest!.links[0]!.url);
    expect(`${fresh.location.origin}${fresh.location.pathname}`).toBe(`${APP}/again`);
    expect(fresh.fragment.get('access_token')).toBeTruthy();
    // A link works once.
    expect((await follow(newest!.links[0]!.url)).fragment.get('error_code')).toBe('otp_expired');
  });
});

describe('password sign-in and sessions', () => {
  it('answers a wrong password with "Invalid login credentials"', async () => {
    const user = await createUser();
    const { error } = await anonClient().auth.signInWithPassword({ email: user.email, password: 'wrong-password' });
    expect(error).toMatchObject({ message: 'Invalid login credentials', code: 'invalid_credentials', status: 400 });
  });

  it('issues GoTrue-shaped access tokens', async () => {
    const user = await createUser({ data: { full_name: 'Token Tester' } });
    const { data } = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password });
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({
      iss: `${api_url}/auth/v1`, sub: user.id, aud: 'authenticated', role: 'authenticated', email: user.email, phone: '',
      app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: { full_name: 'Token Tester' },
      aal: 'aal1', amr: [{ method: 'password' }], is_anonymous: false,
    });
    expect(claims.exp - claims.iat).toBe(data.session!.expires_in);
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rotates refresh tokens; replaying a used one after the 10 s reuse interval fails and ends the session', async () => {
    const { client } = await signedUpAndConfirmed();
    const first = (await client.auth.getSession()).data.session!.refresh_token;
    const rotated = await client.auth.refreshSession();
    expect(rotated.error).toBeNull();
    const second = rotated.data.session!.refresh_token;
    expect(second).not.toBe(first);

    // Within the reuse interval a lost response may be retried: the same child comes back.
    const retry = await anonClient().auth.refreshSession({ refresh_token: first });
    expect(retry.data.session?.refresh_token).toBe(second);

    const third = (await anonClient().auth.refreshSession({ refresh_token: second })).data.session!.refresh_token;
    await sleep(10_500);
    // `first` is two generations old: no live child to hand back, and its grace period is over.
    const replay = await anonClient().auth.refreshSession({ refresh_token: first });
    expect(replay.error).toMatchObject({ message: 'Invalid Refresh Token: Already Used', code: 'refresh_token_already_used' });
    // The whole family is revoked, the newest token included.
    const db = await pgClient();
    try {
      const { rows } = await db.query('select token, revoked from auth.refresh_tokens where token = $1', [third]);
      expect(rows).toEqual([{ token: third, revoked: true }]);
    } finally {
      await db.end();
    }
  }, 30_000);

  it('signs out: the refresh token stops working and the session is gone', async () => {
    const { client } = await signedUpAndConfirmed();
    const session = (await client.auth.getSession()).data.session!;
    expect((await client.auth.signOut()).error).toBeNull();
    const refreshed = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toMatchObject({ message: 'Invalid Refresh Token: Refresh Token Not Found', status: 400 });
    const user = await anonClient().auth.getUser(session.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
  });
});

describe('password recovery', () => {
  it('mails a recovery link whose session may set a new password; the old one stops working', async () => {
    const { email, password } = await signedUpAndConfirmed();
    const client = anonClient();
    expect((await client.auth.resetPasswordForEmail(email, { redirectTo: `${APP}/reset` })).error).toBeNull();
    const { status, fragment } = await follow(await onlyLink(email, 'Reset your password'));
    expect(status).toBe(303);
    expect(fragment.get('type')).toBe('recovery');
    await client.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect((await client.auth.updateUser({ password: 'brand-new-pass-9' })).error).toBeNull();

    const old = await anonClient().auth.signInWithPassword({ email, password });
    expect(old.error?.message).toBe('Invalid login credentials');
    const fresh = await anonClient().auth.signInWithPassword({ email, password: 'brand-new-pass-9' });
    expect(fresh.error).toBeNull();
  });

  it('answers an unknown address with success and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    expect((await anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    expect(await inbox(email)).toEqual([]);
  });
});

describe('admin API', () => {
  it('refuses auth.admin.createUser with the anon key: 403 "User not allowed"', async () => {
    const { data, error } = await anonClient().auth.admin.createUser({ email: uniqueEmail('admin'), password: 'correct-horse-1' });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
  });

  it('creates a confirmed user with metadata using the service role key', async () => {
    const email = uniqueEmail('admin');
    const { data, error } = await serviceClient().auth.admin.createUser({
      email, password: 'correct-horse-1', email_confirm: true, user_metadata: { full_name: 'Admin Made' }, app_metadata: { plan: 'trial' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { full_name: 'Admin Made' }, app_metadata: { provider: 'email', providers: ['email'], plan: 'trial' } });
    expect((await anonClient().auth.signInWithPassword({ email, password: 'correct-horse-1' })).error).toBeNull();
    const fetched = await serviceClient().auth.admin.getUserById(data.user!.id);
    expect(fetched.data.user?.email).toBe(email);
  });

  it('pages listUsers, and refuses a page or per_page that is not an unsigned number as GoTrue does', async () => {
    const admin = serviceClient().auth.admin;
    const first = await admin.listUsers({ page: 1, perPage: 2 });
    expect(first.error).toBeNull();
    expect(first.data.users.length).toBeLessThanOrEqual(2);
    const bad = await admin.listUsers({ page: -1, perPage: 2 });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe('validation_failed');
    expect(bad.error?.message).toMatch(/^Bad Pagination Parameters/);
  });

  it('accepts users a seed inserts with pgcrypto crypt(), and stores hashes crypt() can check', async () => {
    const db = await pgClient();
    const email = uniqueEmail('seed');
    try {
      await db.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
                 extensions.crypt('seeded-pass-1', extensions.gen_salt('bf')), now(), '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
        [email],
      );
      expect((await anonClient().auth.signInWithPassword({ email, password: 'seeded-pass-1' })).error).toBeNull();

      const made = await createUser({ password: 'made-by-api-1' });
      const { rows } = await db.query('select encrypted_password = extensions.crypt($2, encrypted_password) as ok from auth.users where id = $1', [made.id, 'made-by-api-1']);
      expect(rows[0].ok).toBe(true);
    } finally {
      await db.end();
    }
  });
});

describe('Google sign-in through the local consent page', () => {
  async function chooseAccount(authorizeUrl: string, email: string, name?: string) {
    const start = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const consentUrl = start.headers.get('location')!;
    const page = await fetch(consentUrl, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Choose an account');
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
    const state = new URL(consentUrl).searchParams.get('state')!;
    const chosen = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state, email, name: name ?? '' }),
      redirect: 'manual',
    });
    expect(chosen.status).toBe(302);
    return { html, location: new URL(chosen.headers.get('location')!) };
  }

  it('redirects to redirect_to with a session for a Google identity (implicit flow)', async () => {
    const client = anonClient();
    const email = uniqueEmail('google');
    const { data } = await client.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: `${APP}/auth/callback`, skipBrowserRedirect: true } });
    const { location } = await chooseAccount(data.url!, email, 'Gina Google');
    expect(`${location.origin}${location.pathname}`).toBe(`${APP}/auth/callback`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    const { data: user } = await client.auth.getUser(fragment.get('access_token')!);
    expect(user.user).toMatchObject({
      email,
      app_metadata: { provider: 'google', providers: ['google'] },
      user_metadata: { full_name: 'Gina Google', name: 'Gina Google', email, email_verified: true },
    });
    expect(user.user?.user_metadata.avatar_url).toMatch(/^data:image\/svg\+xml/);
    expect(user.user?.identities?.map((i) => i.provider)).toEqual(['google']);
    expect(user.user?.email_confirmed_at).toBeTruthy();

    // Next time the account is offered on the chooser, and picking it finds the same user.
    const again = await client.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: `${APP}/auth/callback`, skipBrowserRedirect: true } });
    const second = await chooseAccount(again.data.url!, email);
    expect(second.html).toContain(email);
    const secondToken = new URLSearchParams(second.location.hash.slice(1)).get('access_token')!;
    expect((await client.auth.getUser(secondToken)).data.user?.id).toBe(user.user!.id);
  });

  it('hands out ?code= for PKCE clients, exchanged for a session by exchangeCodeForSession', async () => {
    const client = createClient(api_url, anon_key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType: 'pkce' },
      realtime: { transport: WebSocket as never },
    });
    const { data } = await client.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: `${APP}/auth/callback`, skipBrowserRedirect: true } });
    expect(data.url).toContain('code_challenge=');
    const email = uniqueEmail('pkce');
    const { location } = await chooseAccount(data.url!, email);
    const code = location.searchParams.get('code');
    expect(code).toBeTruthy();
    const exchanged = await client.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email).toBe(email);
  });

  it('refuses a provider that is not enabled with GoTrue\'s 400', async () => {
    const res = await fetch(`${api_url}/auth/v1/authorize?provider=github&redirect_to=${encodeURIComponent(APP)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 400, error_code: 'validation_failed', msg: 'Unsupported provider: provider is not enabled' });
  });
});

describe('tokens and error shapes', () => {
  function forge(claims: Record<string, unknown>, header: Record<string, unknown>, signature: string): string {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${part(header)}.${part(claims)}.${signature}`;
  }

  it('rejects a token with a forged signature and an alg:none token on GET /user with 403 bad_jwt', async () => {
    const user = await createUser();
    const { data } = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password });
    const [header, payload] = data.session!.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    const unsigned = forge(claims, { alg: 'none', typ: 'JWT' }, '');
    for (const token of [forged, unsigned]) {
      const { data: result, error } = await anonClient().auth.getUser(token);
      expect(result.user).toBeNull();
      expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
      expect(error?.message).toMatch(/^invalid JWT: unable to parse or verify signature/);
    }
  });

  it('answers errors in the 2024-01-01 shape when asked, and in the legacy shape otherwise', async () => {
    const body = JSON.stringify({ email: uniqueEmail('shape'), password: 'wrong-password' });
    const url = `${api_url}/auth/v1/token?grant_type=password`;
    const headers = { apikey: anon_key, 'content-type': 'application/json' };
    const legacy = await fetch(url, { method: 'POST', headers, body });
    expect(legacy.status).toBe(400);
    expect(await legacy.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
    const modern = await fetch(url, { method: 'POST', headers: { ...headers, 'X-Supabase-Api-Version': '2024-01-01' }, body });
    expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await modern.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('publishes /settings with e-mail and Google enabled and confirmations on', async () => {
    const res = await fetch(`${api_url}/auth/v1/settings`, { headers: { apikey: anon_key } });
    expect(await res.json()).toMatchObject({
      external: { email: true, google: true, github: false, phone: false },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
    });
  });
});

describe('reauthentication and invitations', () => {
  it('mails a signed-in user a reauthentication code (stored hashed) and answers no user and no session', async () => {
    const { email, client } = await signedUpAndConfirmed();
    const { data, error } = await client.auth.reauthenticate();
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });
    const mail = (await inbox(email)).find((m) => m.subject === 'Confirm reauthentication');
    expect(mail?.links).toEqual([]);
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    const db = await pgClient();
    try {
      const { rows } = await db.query('select reauthentication_token, reauthentication_sent_at from auth.users where email = $1', [email]);
      expect(rows[0].reauthentication_token).toBe(createHash('sha224').update(email + code).digest('hex'));
      expect(rows[0].reauthentication_sent_at).not.toBeNull();
    } finally {
      await db.end();
    }
  });

  it('invites by e-mail: a user with invited_at and the metadata, whose link signs in; a bad or taken address is refused', async () => {
    const email = uniqueEmail('invite');
    const admin = serviceClient().auth.admin;
    const { data, error } = await admin.inviteUserByEmail(email, { data: { team: 'alpha' }, redirectTo: APP });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { team: 'alpha' }, invited_at: expect.any(String) });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const landed = await follow(await onlyLink(email, "You've been invited"));
    expect(landed.status).toBe(303);
    expect(landed.location.origin).toBe(APP);
    expect(landed.fragment.get('type')).toBe('invite');
    expect(landed.fragment.get('access_token')).toBeTruthy();

    const bad = await admin.inviteUserByEmail('not-an-address');
    expect(bad.error?.message).toBe('Unable to validate email address: invalid format');
    const taken = await admin.inviteUserByEmail(email);
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
    expect((await anonClient().auth.admin.inviteUserByEmail(uniqueEmail('invite'))).error?.status).toBe(403);
  });

  it('answers a user delete the database refuses with GoTrue\'s 500 "Database error deleting user"', async () => {
    const user = await createUser();
    const table = `keeps_user_${randomUUID().slice(0, 8)}`;
    const db = await pgClient();
    try {
      await db.query(`create table public.${table} (user_id uuid references auth.users on delete restrict)`);
      await db.query(`insert into public.${table} values ($1)`, [user.id]);
      const { error } = await serviceClient().auth.admin.deleteUser(user.id);
      expect(error).toMatchObject({ status: 500, message: 'Database error deleting user' });
      await db.query(`drop table public.${table}`);
    } finally {
      await db.end();
    }
  });
});

describe('features the devstack does not enable, refused as hosted refuses them when off', () => {
  it('refuses signInAnonymously while [auth] enable_anonymous_sign_ins is off (this project)', async () => {
    const { data, error } = await anonClient().auth.signInAnonymously();
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
    const settings = await (await fetch(`${api_url}/auth/v1/settings`, { headers: { apikey: anon_key } })).json();
    expect(settings.external.anonymous_users).toBe(false);
  });

  it('refuses identity linking (manual linking off), SSO (SAML off) and ID tokens it cannot verify', async () => {
    const { client } = await signedUpAndConfirmed();
    const link = await client.auth.linkIdentity({ provider: 'google', options: { skipBrowserRedirect: true } });
    expect(link.error).toMatchObject({ status: 404, code: 'manual_linking_disabled', message: 'Manual linking is disabled' });
    const { data: ids } = await client.auth.getUserIdentities();
    const unlink = await client.auth.unlinkIdentity(ids!.identities[0]!);
    expect(unlink.error?.message).toBe('Manual linking is disabled');

    const sso = await anonClient().auth.signInWithSSO({ domain: 'example.com' });
    expect(sso.error).toMatchObject({ status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });

    const google = await anonClient().auth.signInWithIdToken({ provider: 'google', token: 'not.a.google.token' });
    expect(google.data.session).toBeNull();
    expect(google.error?.message).toBe('Bad ID token');
    const apple = await anonClient().auth.signInWithIdToken({ provider: 'apple', token: 'x.y.z' });
    expect(apple.error).toMatchObject({ status: 400, code: 'provider_disabled', message: 'Provider (issuer "https://appleid.apple.com") is not enabled' });
  });

  it('answers MFA as a project with every factor type switched off: enrolling refused per type, no factor exists', async () => {
    const signedOut = await fetch(`${api_url}/auth/v1/factors`, {
      method: 'POST',
      headers: { apikey: anon_key, 'content-type': 'application/json' },
      body: JSON.stringify({ factor_type: 'totp' }),
    });
    expect(signedOut.status).toBe(401);
    expect((await signedOut.json()).msg).toContain('Bearer token');
    const { client } = await signedUpAndConfirmed();
    const totp = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(totp.error).toMatchObject({ status: 422, code: 'mfa_totp_enroll_not_enabled', message: 'MFA enroll is disabled for TOTP' });
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550123' });
    expect(phone.error?.code).toBe('mfa_phone_enroll_not_enabled');
    const factorId = randomUUID();
    expect((await client.auth.mfa.challenge({ factorId })).error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    expect((await client.auth.mfa.unenroll({ factorId })).error?.message).toBe('Factor not found');
    const user = (await client.auth.getUser()).data.user!;
    const listed = await serviceClient().auth.admin.mfa.listFactors({ userId: user.id });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors).toEqual([]);
  });

  it('refuses wallet sign-in (web3 off) before looking at the signature', async () => {
    const res = await fetch(`${api_url}/auth/v1/token?grant_type=web3`, {
      method: 'POST',
      headers: { apikey: anon_key, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ chain: 'solana', message: 'm', signature: 'AQID' }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ code: 'web3_provider_disabled', message: 'Web3 provider is disabled' });
  });

  it('checks an SMS code\'s number like GoTrue (E.164), and no number holds a code with phone sign-ins off', async () => {
    const client = anonClient();
    const malformed = await client.auth.verifyOtp({ phone: '555-not-a-number', token: '123456', type: 'sms' });
    expect(malformed.error).toMatchObject({ status: 400, message: 'Invalid phone number format (E.164 required)' });
    const unknown = await client.auth.verifyOtp({ phone: '+15555550123', token: '123456', type: 'sms' });
    expect(unknown.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
  });
});

/**
 * With [auth] enable_anonymous_sign_ins on: a second devstack started with that setting, on an
 * empty project (no migrations: anonymous sign-in needs only the auth schema), so it starts fast.
 */
describe('anonymous sign-ins when the project enables them', () => {
  let devstack: RunningDevstack;
  let root: string;
  let client: SupabaseClient;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'devstack-anon-'));
    chmodSync(root, 0o755);
    mkdirSync(path.join(root, 'supabase'));
    const [apiPort, dbPort, inboxPort, stripePort, platformsPort] = await freePorts(5);
    devstack = await startDevstack({
      quiet: true,
      config: { rootDir: root, dataDir: path.join(root, 'data'), apiPort, dbPort, inboxPort, stripePort, platformsPort, enableAnonymousSignIns: true },
    });
    client = createClient(devstack.status.api_url, devstack.status.anon_key, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
  }, 120_000);

  afterAll(async () => {
    await devstack?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('signs in without an address: a session for an anonymous user with no identity, amr "anonymous"', async () => {
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { nickname: 'guest' } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email: '',
      is_anonymous: true,
      identities: [],
      app_metadata: { provider: 'anonymous', providers: ['anonymous'] },
      user_metadata: { nickname: 'guest' },
    });
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ role: 'authenticated', is_anonymous: true, amr: [{ method: 'anonymous' }] });
    expect((await client.auth.getUser()).data.user?.id).toBe(data.user!.id);
    const settings = await (await fetch(`${devstack.status.api_url}/auth/v1/settings`, { headers: { apikey: devstack.status.anon_key } })).json();
    expect(settings.external.anonymous_users).toBe(true);
  });

  it('refuses reauthentication to an anonymous user, who has neither address nor phone', async () => {
    const { error } = await client.auth.reauthenticate();
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Reauthentication requires the user to have an email or a phone number' });
  });
});
