import { describe, expect, it } from 'vitest';
import { parseAuthFragment } from './auth-fragment';

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
