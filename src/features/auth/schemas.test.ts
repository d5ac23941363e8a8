import { describe, expect, it } from 'vitest';
import { companyDetailsSchema, EMPTY_SIGN_UP, personalInfoSchema, signInSchema, signUpMetadata, termsSchema } from './schemas';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

const person = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'Engine-1843', confirmPassword: 'Engine-1843' };

describe('sign-up step 1 (Personal Information)', () => {
  it('names every missing field with its SPEC message', () => {
    expect(messages(personalInfoSchema.safeParse({ firstName: '', lastName: ' ', email: '', password: '', confirmPassword: '' }))).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Password confirmation is required',
    });
  });

  it('refuses different passwords with "Passwords do not match"', () => {
    expect(messages(personalInfoSchema.safeParse({ ...person, confirmPassword: 'Engine-1844' }))).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('refuses a weak password with a message naming everything the rule needs', () => {
    const needsAll = { password: 'Password must have at least 8 characters, an uppercase letter, a lowercase letter and a number' };
    expect(messages(personalInfoSchema.safeParse({ ...person, password: 'abc', confirmPassword: 'abc' }))).toEqual(needsAll);
    // Eight lowercase letters, or letters without a number, meet only part of it.
    expect(messages(personalInfoSchema.safeParse({ ...person, password: 'abcdefgh', confirmPassword: 'abcdefgh' }))).toEqual(needsAll);
    expect(messages(personalInfoSchema.safeParse({ ...person, password: 'Abcdefgh', confirmPassword: 'Abcdefgh' }))).toEqual(needsAll);
  });

  it('refuses a malformed e-mail and accepts a complete step', () => {
    expect(messages(personalInfoSchema.safeParse({ ...person, email: 'ada@' }))).toEqual({ email: 'Please enter a valid email address' });
    expect(personalInfoSchema.safeParse(person).success).toBe(true);
  });
});

describe('sign-up step 2 (Company Details)', () => {
  it('requires company name, role, team size and use case', () => {
    expect(messages(companyDetailsSchema.safeParse({ companyName: '', role: '', teamSize: '', useCase: '' }))).toEqual({
      companyName: 'Company name is required',
      role: 'Role is required',
      teamSize: 'Team size is required',
      useCase: 'Use case is required',
    });
  });

  it('accepts only the listed options', () => {
    expect(messages(companyDetailsSchema.safeParse({ companyName: 'Acme', role: 'ceo', teamSize: 'small', useCase: 'social' }))).toEqual({ role: 'Role is required' });
    expect(companyDetailsSchema.safeParse({ companyName: 'Acme', role: 'founder', teamSize: 'enterprise', useCase: 'testimonials' }).success).toBe(true);
  });
});

describe('sign-up step 3 (Terms & Preferences)', () => {
  it('requires the terms checkbox and leaves marketing optional', () => {
    expect(messages(termsSchema.safeParse({ agreeToTerms: false, agreeToMarketing: true }))).toEqual({ agreeToTerms: 'You must agree to the terms and conditions' });
    expect(termsSchema.safeParse({ agreeToTerms: true, agreeToMarketing: false }).success).toBe(true);
  });
});

describe('sign-up metadata', () => {
  it('sends full_name, first_name, last_name, company, role, team_size, use_case and marketing consent', () => {
    const values = { ...EMPTY_SIGN_UP, ...person, firstName: ' Ada ', companyName: 'Acme', role: 'founder', teamSize: 'small', useCase: 'product', agreeToTerms: true, agreeToMarketing: true };
    expect(signUpMetadata(values)).toEqual({
      full_name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace', company: 'Acme', role: 'founder', team_size: 'small', use_case: 'product', agree_to_marketing: true,
    });
  });
});

describe('sign-in form', () => {
  it('requires e-mail and password', () => {
    expect(messages(signInSchema.safeParse({ email: '', password: '', rememberMe: true }))).toEqual({ email: 'Email is required', password: 'Password is required' });
  });
});
