/** SPEC.md §4: one point each for length ≥ 8, an uppercase, a lowercase, a digit and a symbol. */
export const PASSWORD_MIN_LENGTH = 8;

export type PasswordStrengthLabel = 'Weak' | 'Medium' | 'Strong';

export function passwordScore(password: string): number {
  const rules = [password.length >= PASSWORD_MIN_LENGTH, /[A-Z]/.test(password), /[a-z]/.test(password), /\d/.test(password), /[^A-Za-z0-9]/.test(password)];
  return rules.filter(Boolean).length;
}

/** 0–1 Weak, 2–3 Medium, 4–5 Strong. */
export function passwordStrengthLabel(score: number): PasswordStrengthLabel {
  if (score >= 4) return 'Strong';
  if (score >= 2) return 'Medium';
  return 'Weak';
}

/**
 * Sign-up accepts a password of score ≥ 2 (SPEC.md §5) that is also at least 8 characters long
 * (SPEC.md §9 'Password minimum 8', and what the error message promises).
 */
export function isPasswordAcceptable(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && passwordScore(password) >= 2;
}
