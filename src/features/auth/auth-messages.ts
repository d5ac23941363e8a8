/**
 * docs/spec.md §8, login and auth toasts: the server's error text → what the user reads. Pure, so
 * the mapping is pinned by unit tests against GoTrue's real messages.
 */
export interface AuthToast {
  title: string;
  description: string;
}

export const EMAIL_NOT_CONFIRMED: AuthToast = {
  title: 'Email Verification Required',
  description: "Please check your email and click the verification link before signing in. Check your spam folder if you don't see it.",
};

export const LOGIN_SUCCESS: AuthToast = { title: 'Welcome back!', description: 'You have successfully signed in.' };

export const GOOGLE_SIGN_IN_DEFAULT =
  'Could not sign in with Google. If Google shows a 403 error, the OAuth app is still in testing mode and your account must be added as a test user.';

/** A failed password sign-in; `needsVerification` opens the resend panel. */
export function signInFailure(serverMessage: string | undefined): AuthToast & { needsVerification: boolean } {
  const message = serverMessage?.trim() ?? '';
  if (/email not confirmed/i.test(message)) return { ...EMAIL_NOT_CONFIRMED, needsVerification: true };
  if (/invalid login credentials/i.test(message)) {
    return { title: 'Sign In Failed', description: 'The email or password you entered is incorrect. Please try again.', needsVerification: false };
  }
  if (/email/i.test(message)) return { title: 'Sign In Failed', description: message, needsVerification: false };
  return { title: 'Sign In Failed', description: 'Invalid email or password. Please try again.', needsVerification: false };
}

export function googleSignInFailure(serverMessage: string | undefined): AuthToast {
  return { title: 'Google Sign In Failed', description: serverMessage?.trim() || GOOGLE_SIGN_IN_DEFAULT };
}

export function googleSignUpFailure(serverMessage: string | undefined): AuthToast {
  return { title: 'Google Sign Up Failed', description: serverMessage?.trim() || 'There was an error signing up with Google.' };
}

export function signUpFailure(serverMessage: string | undefined): AuthToast {
  return { title: 'Account Creation Failed', description: serverMessage?.trim() || 'There was an error creating your account. Please try again.' };
}

export function resendSuccess(email: string): AuthToast {
  return { title: 'Verification Email Sent', description: `We've sent a new verification email to ${email}. Please check your inbox and spam folder.` };
}

export function resendFailure(serverMessage: string | undefined): AuthToast {
  return { title: 'Failed to Resend Email', description: serverMessage?.trim() || 'The verification email could not be sent. Please try again.' };
}

export function fragmentSignedIn(email: string): AuthToast {
  return { title: 'Welcome back!', description: `Signed in as ${email}` };
}

export function fragmentFailure(message: string): AuthToast {
  return { title: 'Authentication failed', description: message };
}
