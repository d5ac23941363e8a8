import { beforeEach, describe, expect, it } from 'vitest';
import { consumeAuthFragment, parseAuthFragment, resetFragmentOutcome, UNUSABLE_LINK } from './auth-fragment';
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

describe('consumeAuthFragment: never a session from the URL (login CSRF)', () => {
  beforeEach(() => resetFragmentOutcome());

  it.each(['/dashboard', '/auth/callback?next=%2Fdashboard', '/'])('removes tokens on %s and reports a link that cannot be used', async (path) => {
    window.history.replaceState(null, '', `${path}#access_token=theirs&refresh_token=theirs&type=invite`);
    expect(await consumeAuthFragment()).toEqual({ kind: 'error', message: UNUSABLE_LINK });
    expect(window.location.hash).toBe('');
  });

  it('reports the error the auth server put in the fragment', async () => {
    window.history.replaceState(null, '', '/auth/callback#error=access_denied&error_description=Email+link+is+invalid+or+has+expired');
    expect(await consumeAuthFragment()).toEqual({ kind: 'error', message: 'Email link is invalid or has expired' });
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
