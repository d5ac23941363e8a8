/** Input checks GoTrue applies before touching the database, with its messages. */
import { AuthError, validationFailed } from './errors.js';

export const MIN_PASSWORD_LENGTH = 6;
const MAX_PASSWORD_LENGTH = 72;

// The shape checkmail.ValidateFormat (used by GoTrue) accepts: local part of RFC 5322 atext
// characters and dots, and a dotted host name.
const EMAIL_PATTERN =
  /^(?:[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*)@(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?\.)+[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$/;

/** Returns the lower-cased address, as GoTrue stores it. */
export function validateEmail(email: unknown): string {
  if (typeof email !== 'string' || email === '') throw validationFailed('An email address is required');
  if (email.length > 255) throw validationFailed('An email address is too long');
  if (!EMAIL_PATTERN.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email.toLowerCase();
}

export function checkPasswordStrength(password: string): void {
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    const message = `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`;
    throw new AuthError(422, 'weak_password', message, { weak_password: { reasons: ['length'] } });
  }
}

export type CodeChallengeMethod = 's256' | 'plain';

/** GoTrue's validatePKCEParams: both or neither, 43–128 unreserved characters. */
export function validatePkceParams(method: unknown, challenge: unknown): { method: CodeChallengeMethod; challenge: string } | null {
  const hasMethod = typeof method === 'string' && method !== '';
  const hasChallenge = typeof challenge === 'string' && challenge !== '';
  if (hasMethod !== hasChallenge) {
    throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  }
  if (!hasChallenge) return null;
  const value = challenge as string;
  if (value.length < 43 || value.length > 128) {
    throw validationFailed('code challenge has to be between 43 and 128 characters');
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(value)) {
    throw validationFailed('code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes');
  }
  const normalized = (method as string).toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain') {
    throw validationFailed('Invalid code_challenge_method');
  }
  return { method: normalized, challenge: value };
}

export function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

export function asString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** GoTrue's validatePhone: a leading `+` and spaces dropped, then E.164 digits (returned without `+`). */
export function validatePhone(value: unknown): string {
  const phone = asString(value).replace(/^\+/, '').replace(/ /g, '');
  if (!/^[1-9][0-9]{1,14}$/.test(phone)) throw validationFailed('Invalid phone number format (E.164 required)');
  return phone;
}
