import { beforeEach, describe, expect, it, vi } from 'vitest';
import { consumeAuthFragment, parseAuthFragment, resetFragmentOutcome } from './auth-fragment';
import { safeNext } from './callback-url';

describe('parseAuthFragment', () => {
  it('reads the tokens and the link type GoTrue appends', () => {
    expect(parseAuthFragment('#access_token=a.b.c&expires_in=3600&refresh_token=r1&sb=&token_type=bearer&type=recovery')).toEqual({
      kind: 'tokens', accessToken: 'a.b.c', refreshToken: 'r1', type: 'recovery',
    });
  });

  it('reads an error fragment (e.g. an expired e-mail link)', () => {
    expect(parseAuthFragment('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=')).toEqual({
      kind: 'error', message: 'Email link is invalid or has expired',
    });
  });

  it('ignores fragments without both tokens', () => {
    expect(parseAuthFragment('')).toBeNull();
    expect(parseAuthFragment('#pricing')).toBeNull();
    expect(parseAuthFragment('#access_token=a.b.c')).toBeNull();
  });
});

describe('consumeAuthFragment: a session only from the auth callback routes (login CSRF)', () => {
  const client = (setSession = vi.fn(async () => ({ data: { session: { user: { email: 'me@example.com' } } }, error: null }))) =>
    ({ auth: { setSession } }) as unknown as Parameters<typeof consumeAuthFragment>[0];

  beforeEach(() => resetFragmentOutcome());

  it('removes the tokens from any other page and ignores them', async () => {
    window.history.replaceState(null, '', '/dashboard#access_token=theirs&refresh_token=theirs');
    const setSession = vi.fn();
    expect(await consumeAuthFragment(client(setSession))).toEqual({ kind: 'none' });
    expect(setSession).not.toHaveBeenCalled();
    expect(window.location.hash).toBe('');
  });

  it('takes them on /auth/callback (an invitation)', async () => {
    window.history.replaceState(null, '', '/auth/callback?next=%2Fdashboard#access_token=a&refresh_token=r&type=invite');
    const setSession = vi.fn(async () => ({ data: { session: { user: { email: 'me@example.com' } } }, error: null }));
    expect(await consumeAuthFragment(client(setSession))).toEqual({ kind: 'session', email: 'me@example.com', type: 'invite' });
    expect(setSession).toHaveBeenCalledWith({ access_token: 'a', refresh_token: 'r' });
    expect(window.location.hash).toBe('');
  });
});

describe('safeNext', () => {
  it('goes on only to a path of this app', () => {
    expect(safeNext('/settings?tab=profile', '/dashboard')).toBe('/settings?tab=profile');
    for (const bad of [null, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'dashboard']) {
      expect(safeNext(bad, '/dashboard'), String(bad)).toBe('/dashboard');
    }
  });
});
