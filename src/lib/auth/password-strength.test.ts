import { describe, expect, it } from 'vitest';
import { isPasswordAcceptable, missingRequirements, PASSWORD_HINT, PASSWORD_RULE_MESSAGE, passwordScore, passwordStrengthLabel } from './password-strength';

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

  it('accepts a new password only with 8 characters, an uppercase letter, a lowercase letter and a number', () => {
    expect(isPasswordAcceptable('Abcdefg1')).toBe(true);
    expect(isPasswordAcceptable('Engine-1843')).toBe(true);
    expect(isPasswordAcceptable('abcdefgh')).toBe(false);
    expect(isPasswordAcceptable('abcdefg1')).toBe(false);
    expect(isPasswordAcceptable('ABCDEFG1')).toBe(false);
    expect(isPasswordAcceptable('Abcdefgh')).toBe(false);
    expect(isPasswordAcceptable('Abc1!')).toBe(false);
  });

  it('says what is missing in the words of the hint', () => {
    expect(missingRequirements('abcdefgh')).toEqual(['an uppercase letter', 'a number']);
    expect(missingRequirements('Ab1')).toEqual(['at least 8 characters']);
    expect(missingRequirements('Abcdefg1')).toEqual([]);
  });

  it('writes the hint and the error from the rule: every requirement, joined with "and"', () => {
    expect(PASSWORD_HINT).toBe('Use at least 8 characters, an uppercase letter, a lowercase letter and a number.');
    expect(PASSWORD_RULE_MESSAGE).toBe('Password must have at least 8 characters, an uppercase letter, a lowercase letter and a number');
    expect(PASSWORD_RULE_MESSAGE).not.toMatch(/\bor\b/);
    for (const requirement of ['abcdefgh', 'ABCDEFGH', 'aB', '12345678'].flatMap(missingRequirements)) {
      expect(PASSWORD_HINT).toContain(requirement);
      expect(PASSWORD_RULE_MESSAGE).toContain(requirement);
    }
  });
});
