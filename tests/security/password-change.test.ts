/**
 * Changing the password asks for the current one (GoTrue's SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD,
 * on in the devstack as in the project). An attacker holding only a stolen access token goes straight
 * to PUT /auth/v1/user: without the current password, or with a wrong one, nothing changes — not the
 * password, not the victim's sessions. The signed-in user's own change goes through supabase-js's
 * updateUser({ password, current_password }), as Settings sends it.
 */
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { anonClient, createUser, signIn, type TestUser } from '../helpers/clients.js';

const { api_url, anon_key } = inject('devstack');

async function sessionOf(user: TestUser) {
  const { data, error } = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password });
  expect(error).toBeNull();
  return data.session!;
}

/** The attacker's request: the public anon key and the victim's access token, nothing else. */
async function putUser(accessToken: string, body: Record<string, unknown>) {
  const res = await fetch(`${api_url}/auth/v1/user`, {
    method: 'PUT',
    headers: { apikey: anon_key, authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function canSignIn(email: string, password: string): Promise<boolean> {
  return (await anonClient().auth.signInWithPassword({ email, password })).error === null;
}

describe('a stolen access token cannot change the password', () => {
  it('refuses a new password without the current one: 400 current_password_required, and the old password still works', async () => {
    const victim = await createUser();
    const stolen = await sessionOf(victim);
    const answer = await putUser(stolen.access_token, { password: 'Taken-over-2026' });
    expect(answer).toEqual({ status: 400, body: { code: 'current_password_required', message: 'Current password required when setting new password.' } });
    expect(await canSignIn(victim.email, victim.password)).toBe(true);
    expect(await canSignIn(victim.email, 'Taken-over-2026')).toBe(false);
  });

  it('refuses a wrong current password with 400 current_password_invalid and changes nothing, the sessions included', async () => {
    const victim = await createUser();
    const victimSession = await sessionOf(victim);
    const stolen = await sessionOf(victim);
    for (const guess of ['password123', victim.password.toUpperCase(), ' ']) {
      const answer = await putUser(stolen.access_token, { password: 'Taken-over-2026', current_password: guess });
      expect(answer).toEqual({ status: 400, body: { code: 'current_password_invalid', message: 'Current password required when setting new password.' } });
    }
    expect(await canSignIn(victim.email, victim.password)).toBe(true);
    expect(await canSignIn(victim.email, 'Taken-over-2026')).toBe(false);
    // A real change ends every other session; a refused one leaves the victim's signed in.
    const refreshed = await anonClient().auth.refreshSession({ refresh_token: victimSession.refresh_token });
    expect(refreshed.error).toBeNull();
  });

  it('refuses a current_password that is not a string, and sets no e-mail change or metadata along with it', async () => {
    const victim = await createUser();
    const stolen = await sessionOf(victim);
    const answer = await putUser(stolen.access_token, { password: 'Taken-over-2026', current_password: { $ne: null }, data: { hacked: true } });
    expect(answer).toMatchObject({ status: 400, body: { code: 'current_password_required' } });
    const me = await signIn(victim.email, victim.password);
    expect((await me.auth.getUser()).data.user?.user_metadata).not.toHaveProperty('hacked');
  });
});

describe('the owner changes the password with the current one', () => {
  it('updateUser({ password, current_password }) sets the new password and ends the other sessions', async () => {
    const user = await createUser();
    const other = await sessionOf(user);
    const client = await signIn(user.email, user.password);
    const { error } = await client.auth.updateUser({ password: 'Fresh-studio-2027', current_password: user.password });
    expect(error).toBeNull();
    expect(await canSignIn(user.email, user.password)).toBe(false);
    expect(await canSignIn(user.email, 'Fresh-studio-2027')).toBe(true);
    const refreshed = await anonClient().auth.refreshSession({ refresh_token: other.refresh_token });
    expect(refreshed.error?.message).toMatch(/Invalid Refresh Token/);
    // This session carries on.
    expect((await client.auth.getUser()).error).toBeNull();
  });

  it('still refuses the same password as the new one, once the current one is right', async () => {
    const user = await createUser();
    const client = await signIn(user.email, user.password);
    const { error } = await client.auth.updateUser({ password: user.password, current_password: user.password });
    expect(error).toMatchObject({ status: 422, code: 'same_password' });
  });

  it('changes the metadata alone without asking for the password', async () => {
    const user = await createUser();
    const client = await signIn(user.email, user.password);
    const { data, error } = await client.auth.updateUser({ data: { first_name: 'Maria' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ first_name: 'Maria' });
  });
});
