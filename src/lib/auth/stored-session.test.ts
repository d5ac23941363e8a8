import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, readStoredUser } from './stored-session';

const storageWith = (value: string | null) => ({ getItem: (key: string) => (key === AUTH_STORAGE_KEY ? value : null) });

describe('readStoredUser', () => {
  it('reads the user of a persisted session, even with an expired access token', () => {
    const session = { access_token: 'x', refresh_token: 'r', expires_at: 1, user: { id: 'u1', email: 'ada@example.com' } };
    expect(readStoredUser(storageWith(JSON.stringify(session)))).toEqual({ id: 'u1', email: 'ada@example.com' });
  });

  it('treats a missing, corrupt or token-less entry as signed out', () => {
    expect(readStoredUser(storageWith(null))).toBeNull();
    expect(readStoredUser(storageWith('{not json'))).toBeNull();
    expect(readStoredUser(storageWith(JSON.stringify({ user: { id: 'u1' } })))).toBeNull();
  });
});

describe('the name given at sign-up', () => {
  it('is read from the stored session\'s user metadata', () => {
    const storage = { getItem: () => JSON.stringify({ refresh_token: 'r', user: { id: 'u1', email: 'nora@example.com', user_metadata: { full_name: ' Nora Newuser ' } } }) };
    expect(readStoredUser(storage)).toEqual({ id: 'u1', email: 'nora@example.com', fullName: 'Nora Newuser' });
  });
});
