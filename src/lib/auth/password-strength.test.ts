import { describe, expect, it } from 'vitest';
import { isPasswordAcceptable, passwordScore, passwordStrengthLabel } from './password-strength';

describe('password strength', () => {
  it('scores one point per rule: length ≥ 8, uppercase, lowercase, digit, symbol', () => {
    expect(passwordScore('')).toBe(0);
    expect(passwordScore('abc')).toBe(1);
    expect(passwordScore('abcdefgh')).toBe(2);
    expect(passwordScore('Abcdefgh')).toBe(3);
    expect(passwordScore('Abcdefg1')).toBe(4);
    expect(passwordScore('Abcdef1!')).toBe(5);
    expect(passwordScore('!!!!')).toBe(1);
  });

  it('labels 0-1 Weak, 2-3 Medium, 4-5 Strong', () => {
    expect([0, 1, 2, 3, 4, 5].map(passwordStrengthLabel)).toEqual(['Weak', 'Weak', 'Medium', 'Medium', 'Strong', 'Strong']);
  });

  it('accepts a sign-up password only with score ≥ 2 and at least 8 characters', () => {
    expect(isPasswordAcceptable('abcdefgh')).toBe(true);
    expect(isPasswordAcceptable('Ab1!')).toBe(false);
    expect(isPasswordAcceptable('aaaaaaa')).toBe(false);
  });
});
