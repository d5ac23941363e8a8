import { describe, expect, it } from 'vitest';
import { fragmentFailure, fragmentSignedIn, googleSignInFailure, googleSignUpFailure, resendSuccess, signInFailure, signUpFailure } from './auth-messages';

describe('sign-in failures (docs/spec.md §8)', () => {
  it("turns 'Email not confirmed' into 'Email Verification Required' and opens the resend panel", () => {
    expect(signInFailure('Email not confirmed')).toEqual({
      title: 'Email Verification Required',
      description: "Please check your email and click the verification link before signing in. Check your spam folder if you don't see it.",
      needsVerification: true,
    });
  });

  it("turns 'Invalid login credentials' into 'Sign In Failed'", () => {
    expect(signInFailure('Invalid login credentials')).toEqual({
      title: 'Sign In Failed',
      description: 'The email or password you entered is incorrect. Please try again.',
      needsVerification: false,
    });
  });

  it('shows other server messages that mention Email as they are', () => {
    expect(signInFailure('Email rate limit exceeded').description).toBe('Email rate limit exceeded');
  });

  it('falls back to a generic message for anything else', () => {
    expect(signInFailure('Request failed with 500').description).toBe('Invalid email or password. Please try again.');
    expect(signInFailure(undefined).description).toBe('Invalid email or password. Please try again.');
  });
});

describe('other auth toasts', () => {
  it('uses the Google titles with a default when the server says nothing', () => {
    expect(googleSignInFailure('').title).toBe('Google Sign In Failed');
    expect(googleSignInFailure('').description).toMatch(/403/);
    expect(googleSignUpFailure(undefined)).toEqual({ title: 'Google Sign Up Failed', description: 'There was an error signing up with Google.' });
  });

  it('reports sign-up failures with the server message or a default', () => {
    expect(signUpFailure('Password should be at least 6 characters.')).toEqual({ title: 'Account Creation Failed', description: 'Password should be at least 6 characters.' });
    expect(signUpFailure(undefined).description).toBe('There was an error creating your account. Please try again.');
  });

  it('names the e-mail in the resend confirmation and the fragment welcome', () => {
    expect(resendSuccess('ada@example.com').description).toBe("We've sent a new verification email to ada@example.com. Please check your inbox and spam folder.");
    expect(fragmentSignedIn('ada@example.com')).toEqual({ title: 'Welcome back!', description: 'Signed in as ada@example.com' });
    expect(fragmentFailure('Invalid Refresh Token')).toEqual({ title: 'Authentication failed', description: 'Invalid Refresh Token' });
  });
});
