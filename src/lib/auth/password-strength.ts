/**
 * The password rule and the strength meter, from one list of checks: the meter scores all five
 * (docs/spec.md §4), a new password must pass the required four, and the hint and the error message are
 * written from the same list, so they say exactly what is checked.
 */
export const PASSWORD_MIN_LENGTH = 8;

export type PasswordStrengthLabel = 'Weak' | 'Medium' | 'Strong';

interface PasswordCheck {
  /** What a password needs, in the words the hint and the error use. */
  words: string;
  met: (password: string) => boolean;
  required: boolean;
}

const CHECKS: readonly PasswordCheck[] = [
  { words: `at least ${PASSWORD_MIN_LENGTH} characters`, met: (pw) => pw.length >= PASSWORD_MIN_LENGTH, required: true },
  { words: 'an uppercase letter', met: (pw) => /[A-Z]/.test(pw), required: true },
  { words: 'a lowercase letter', met: (pw) => /[a-z]/.test(pw), required: true },
  { words: 'a number', met: (pw) => /\d/.test(pw), required: true },
  { words: 'a symbol', met: (pw) => /[^A-Za-z0-9]/.test(pw), required: false },
];

const REQUIRED = CHECKS.filter((c) => c.required);

/** "a, b and c". */
const listed = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/** What a new password must have: "at least 8 characters, an uppercase letter, a lowercase letter and a number". */
export const PASSWORD_REQUIREMENTS = listed(REQUIRED.map((c) => c.words));

/** Shown under every new-password field. */
export const PASSWORD_HINT = `Use ${PASSWORD_REQUIREMENTS}.`;

/** The error of a password that does not pass (sign-up, reset and Settings alike). */
export const PASSWORD_RULE_MESSAGE = `Password must have ${PASSWORD_REQUIREMENTS}`;

/** docs/spec.md §4: one point each for length ≥ 8, an uppercase, a lowercase, a digit and a symbol. */
export function passwordScore(password: string): number {
  return CHECKS.filter((c) => c.met(password)).length;
}

/** 0–1 Weak, 2–3 Medium, 4–5 Strong. */
export function passwordStrengthLabel(score: number): PasswordStrengthLabel {
  if (score >= 4) return 'Strong';
  if (score >= 2) return 'Medium';
  return 'Weak';
}

/** The required checks a password does not pass yet, in the hint's words. */
export function missingRequirements(password: string): string[] {
  return REQUIRED.filter((c) => !c.met(password)).map((c) => c.words);
}

/** A new password passes every required check. */
export function isPasswordAcceptable(password: string): boolean {
  return missingRequirements(password).length === 0;
}
