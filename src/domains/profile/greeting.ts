import { emailName } from './email-name';

/** What the greeting knows of the user: the profile's names (once loaded) and the session's. */
export interface GreetingSource {
  profile?: { firstName: string | null; fullName: string | null } | null;
  /** The sign-up name from the session's user metadata (there before the profile loads). */
  sessionFullName?: string;
  email: string | null | undefined;
}

const firstWord = (name: string | null | undefined) => name?.trim().split(/\s+/)[0] || undefined;

/**
 * The name the dashboard greets a user by: the first name they gave (profile, then the first word
 * of their full name, from the profile or the session's metadata); the part of the e-mail before
 * the @ only when they gave no name.
 */
export function greetingName({ profile, sessionFullName, email }: GreetingSource): string {
  return profile?.firstName?.trim() || firstWord(profile?.fullName) || firstWord(sessionFullName) || emailName(email);
}

/** 'Welcome, Maria' on a user's first visit (nothing made yet), 'Welcome back, Maria' after. */
export function greeting(name: string, firstVisit: boolean): string {
  return `${firstVisit ? 'Welcome' : 'Welcome back'}, ${name}`;
}
