import { describe, expect, it } from 'vitest';
import { checkPasswordChange } from './password-change.js';
import { hashPassword, tokenHash } from './secrets.js';
import type { Db, UserRow } from './users.js';

const HOUR = 60 * 60 * 1000;

/** Answers the three queries checkPasswordChange makes, from a session and a stored code. */
function fakeDb(session: { createdAt: Date; methods: string[] } | null, code: { token: string; sentAt: Date } | null) {
  const spent: string[] = [];
  const db = {
    async query(sql: string, params: unknown[]) {
      if (sql.includes('from auth.sessions')) return { rows: session ? [{ created_at: session.createdAt, methods: session.methods }] : [] };
      if (sql.startsWith('select reauthentication_token')) return { rows: [{ reauthentication_token: code?.token ?? '', reauthentication_sent_at: code?.sentAt ?? null }] };
      if (sql.startsWith('update auth.users set reauthentication_token')) {
        spent.push(params[0] as string);
        return { rows: [] };
      }
      throw new Error(`unexpected query: ${sql}`);
    },
  };
  return { db: db as unknown as Db, spent };
}

async function userWith(password: string | null): Promise<UserRow> {
  return { id: '00000000-0000-4000-8000-000000000001', email: 'ada@example.com', encrypted_password: password === null ? '' : await hashPassword(password) } as UserRow;
}

const currentOnly = { updatePasswordRequireCurrentPassword: true, updatePasswordRequireReauthentication: false };
const reauthOnly = { updatePasswordRequireCurrentPassword: false, updatePasswordRequireReauthentication: true };
const fresh = (methods = ['password']) => ({ createdAt: new Date(Date.now() - HOUR), methods });

describe('checkPasswordChange (GoTrue UserUpdate)', () => {
  it('asks for the current password of a user who has one', async () => {
    const user = await userWith('Old-pass-2026');
    const { db } = fakeDb(fresh(), null);
    await expect(checkPasswordChange(db, currentOnly, user, 's', { password: 'New-pass-2027', currentPassword: undefined, nonce: undefined })).rejects.toMatchObject({ status: 400, code: 'current_password_required' });
    await expect(checkPasswordChange(db, currentOnly, user, 's', { password: 'New-pass-2027', currentPassword: 'wrong', nonce: undefined })).rejects.toMatchObject({ status: 400, code: 'current_password_invalid' });
    await expect(checkPasswordChange(db, currentOnly, user, 's', { password: 'New-pass-2027', currentPassword: 'Old-pass-2026', nonce: undefined })).resolves.toBeUndefined();
  });

  it('lets a session from an e-mailed link (recovery, magic link, code) and a user without a password through', async () => {
    const user = await userWith('Old-pass-2026');
    for (const method of ['otp', 'recovery', 'magiclink']) {
      await expect(checkPasswordChange(fakeDb(fresh([method]), null).db, currentOnly, user, 's', { password: 'New-pass-2027', currentPassword: undefined, nonce: undefined })).resolves.toBeUndefined();
    }
    await expect(checkPasswordChange(fakeDb(fresh(['oauth']), null).db, currentOnly, await userWith(null), 's', { password: 'New-pass-2027', currentPassword: undefined, nonce: undefined })).resolves.toBeUndefined();
    await expect(checkPasswordChange(fakeDb(fresh(['oauth']), null).db, currentOnly, user, 's', { password: 'New-pass-2027', currentPassword: undefined, nonce: undefined })).rejects.toMatchObject({ code: 'current_password_required' });
  });

  it('with the setting off, asks for nothing', async () => {
    const user = await userWith('Old-pass-2026');
    const off = { updatePasswordRequireCurrentPassword: false, updatePasswordRequireReauthentication: false };
    await expect(checkPasswordChange(fakeDb(fresh(), null).db, off, user, 's', { password: 'New-pass-2027', currentPassword: undefined, nonce: undefined })).resolves.toBeUndefined();
  });

  it('secure_password_change: a session older than a day needs the mailed code, which is then spent', async () => {
    const user = await userWith('Old-pass-2026');
    const old = { createdAt: new Date(Date.now() - 25 * HOUR), methods: ['password'] };
    const code = { token: tokenHash('ada@example.com', '123456'), sentAt: new Date() };
    await expect(checkPasswordChange(fakeDb(old, code).db, reauthOnly, user, 's', { password: 'New-pass-2027', currentPassword: undefined, nonce: undefined })).rejects.toMatchObject({ status: 400, code: 'reauthentication_needed' });
    await expect(checkPasswordChange(fakeDb(old, code).db, reauthOnly, user, 's', { password: 'New-pass-2027', currentPassword: undefined, nonce: '654321' })).rejects.toMatchObject({ status: 422, code: 'reauthentication_not_valid', message: 'Nonce has expired or is invalid' });
    const expired = { token: code.token, sentAt: new Date(Date.now() - 25 * HOUR) };
    await expect(checkPasswordChange(fakeDb(old, expired).db, reauthOnly, user, 's', { password: 'New-pass-2027', currentPassword: undefined, nonce: '123456' })).rejects.toMatchObject({ code: 'reauthentication_not_valid' });
    const ok = fakeDb(old, code);
    await expect(checkPasswordChange(ok.db, reauthOnly, user, 's', { password: 'New-pass-2027', currentPassword: undefined, nonce: '123456' })).resolves.toBeUndefined();
    expect(ok.spent).toEqual([user.id]);
    // A recent sign-in needs no code.
    await expect(checkPasswordChange(fakeDb(fresh(), null).db, reauthOnly, user, 's', { password: 'New-pass-2027', currentPassword: undefined, nonce: undefined })).resolves.toBeUndefined();
  });
});
