import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Outgoing webhook signatures, Stripe's scheme with our header name:
 * `Shotcraft-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret>`.
 * The timestamp is inside what is signed, so a receiver can refuse replays older than a few minutes.
 */
export const SIGNATURE_HEADER = 'Shotcraft-Signature';

export function signatureOf(secret: string, body: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/** What a receiver does (and our tests): the signature is the secret's, and recent enough. */
export function verifySignature(secret: string, body: string, header: string, toleranceSeconds = 300, now = Date.now() / 1000): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(now - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, body, t).split('v1=')[1]!, 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
