/** Password hashes, one-time codes and refresh tokens, made the way GoTrue makes them. */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import bcrypt from 'bcryptjs';

const BCRYPT_COST = 10;

/**
 * bcryptjs writes `$2b$`; GoTrue (Go) and pgcrypto's crypt() use `$2a$`, and pgcrypto cannot
 * read `$2b$`. For passwords under 255 bytes the two are the same algorithm, so we store `$2a$`
 * and seeds can check our hashes with crypt() and we can check theirs.
 */
export async function hashPassword(password: string): Promise<string> {
  const hash = await bcrypt.hash(password, BCRYPT_COST);
  return hash.replace(/^\$2b\$/, '$2a$');
}

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash || !/^\$2[abxy]\$\d\d\$/.test(hash)) return false;
  return bcrypt.compare(password, hash.replace(/^\$2[xy]\$/, '$2a$'));
}

/** A 6-digit e-mail code (GoTrue's default OTP length). */
export function generateOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** What GoTrue stores and puts in links: hex(sha224(email + otp)). */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224').update(email + otp).digest('hex');
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** GoTrue's v1 refresh tokens: 12 random lower-case base32 characters. */
export function newRefreshToken(): string {
  const bytes = randomBytes(12);
  return Array.from(bytes, (byte) => BASE32[byte % 32]).join('');
}

/** PKCE: does the verifier hash to the stored challenge? */
export function verifyCodeChallenge(method: string, challenge: string, verifier: string): boolean {
  if (method === 'plain') return verifier === challenge;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}

/** A stable Google-like numeric subject for a local e-mail, so choosing it again finds the same identity. */
export function localGoogleSubject(email: string): string {
  const digest = createHash('sha256').update(`google:${email.toLowerCase()}`).digest();
  let digits = '1';
  for (const byte of digest) {
    if (digits.length >= 21) break;
    digits += String(byte % 10);
  }
  return digits;
}
