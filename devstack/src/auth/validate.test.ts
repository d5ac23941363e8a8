import { describe, expect, it } from 'vitest';
import { AuthError, toHttpError, usesNewErrorShape } from './errors.js';
import { hashPassword, tokenHash, verifyCodeChallenge, verifyPassword } from './secrets.js';
import { checkPasswordStrength, validateEmail, validatePhone, validatePkceParams } from './validate.js';

describe('input validation', () => {
  it('lower-cases valid addresses and rejects malformed ones with GoTrue\'s message', () => {
    expect(validateEmail('Ada@Example.COM')).toBe('ada@example.com');
    expect(() => validateEmail('ada@')).toThrow('Unable to validate email address: invalid format');
    expect(() => validateEmail('')).toThrow('An email address is required');
  });

  it('calls a 5-character password weak, with reasons', () => {
    try {
      checkPasswordStrength('12345');
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ status: 422, code: 'weak_password', extra: { weak_password: { reasons: ['length'] } } });
    }
    expect(() => checkPasswordStrength('123456')).not.toThrow();
  });

  it('requires code_challenge and its method together', () => {
    expect(validatePkceParams(undefined, undefined)).toBeNull();
    expect(() => validatePkceParams('s256', undefined)).toThrow('PKCE flow requires code_challenge_method and code_challenge');
    expect(() => validatePkceParams('s256', 'short')).toThrow('code challenge has to be between 43 and 128 characters');
    expect(validatePkceParams('S256', 'a'.repeat(43))).toEqual({ method: 's256', challenge: 'a'.repeat(43) });
  });
});

describe('secrets', () => {
  it('writes $2a$ bcrypt hashes (pgcrypto-compatible) and reads $2b$/$2y$ ones', async () => {
    const hash = await hashPassword('correct-horse-1');
    expect(hash).toMatch(/^\$2a\$10\$/);
    expect(await verifyPassword('correct-horse-1', hash)).toBe(true);
    expect(await verifyPassword('correct-horse-1', hash.replace('$2a$', '$2y$'))).toBe(true);
    expect(await verifyPassword('wrong', hash)).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
  });

  it('hashes e-mail tokens as hex sha224(email + otp)', () => {
    expect(tokenHash('a@b.co', '123456')).toMatch(/^[0-9a-f]{56}$/);
  });

  it('checks S256 PKCE verifiers (RFC 7636 example)', () => {
    expect(verifyCodeChallenge('s256', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(true);
    expect(verifyCodeChallenge('s256', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', 'other')).toBe(false);
  });
});

describe('error shapes', () => {
  it('picks the 2024-01-01 shape only for a valid date on or after it', () => {
    expect(usesNewErrorShape('2024-01-01')).toBe(true);
    expect(usesNewErrorShape('2023-12-31')).toBe(false);
    expect(usesNewErrorShape('garbage')).toBe(false);
    expect(usesNewErrorShape(undefined)).toBe(false);
  });

  it('renders legacy and current bodies with x-sb-error-code', () => {
    const error = new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
    expect(toHttpError(error, undefined)).toMatchObject({
      status: 400, body: { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' }, headers: { 'x-sb-error-code': 'invalid_credentials' },
    });
    expect(toHttpError(error, '2024-01-01')).toMatchObject({
      body: { code: 'invalid_credentials', message: 'Invalid login credentials' }, headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(toHttpError(new Error('boom'), undefined)).toMatchObject({ status: 500, body: { error_code: 'unexpected_failure' } });
  });
});

describe('phone numbers', () => {
  it('takes E.164 with or without the plus and spaces, and refuses anything else as GoTrue words it', () => {
    expect(validatePhone('+1 555 555 0123')).toBe('15555550123');
    expect(validatePhone('447700900123')).toBe('447700900123');
    for (const bad of ['', '0123456', '555-0123', '+1555555012345678', 'phone']) {
      expect(() => validatePhone(bad)).toThrow('Invalid phone number format (E.164 required)');
    }
  });
});
