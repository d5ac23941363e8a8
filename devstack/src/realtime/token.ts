/**
 * Token checks with supabase/realtime's error codes and messages (the channel join reply carries
 * `{reason: "<Code>: <message>"}`, a refused refresh a `system` error with the message).
 */
import { JwtError, type Claims, type Jwt } from '../core/types.js';

export type TokenResult = { ok: true; claims: Claims } | { ok: false; code: string; message: string };

const ALLOWED_ROLES = new Set(['anon', 'authenticated', 'service_role']);

function rawPayload(token: string): Record<string, unknown> | null {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

export async function checkToken(jwt: Jwt, token: unknown): Promise<TokenResult> {
  if (typeof token !== 'string' || token.trim() === '') {
    return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  }
  const clean = token.replace(/\s/g, '');
  try {
    const claims = await jwt.verify(clean);
    const raw = rawPayload(clean);
    if (!raw || typeof raw.role !== 'string' || typeof raw.exp !== 'number') {
      return { ok: false, code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' };
    }
    // Changes are checked by switching to the token's role; only the API roles may be used.
    if (!ALLOWED_ROLES.has(raw.role)) {
      return { ok: false, code: 'Unauthorized', message: `Role ${raw.role} is not allowed` };
    }
    return { ok: true, claims };
  } catch (err) {
    if (!(err instanceof JwtError)) throw err;
    switch (err.reason) {
      case 'expired': {
        const exp = Number(rawPayload(clean)?.exp ?? 0);
        return { ok: false, code: 'InvalidJWTToken', message: `Token has expired ${Math.max(0, Math.floor(Date.now() / 1000) - exp)} seconds ago` };
      }
      case 'bad_signature':
        return { ok: false, code: 'JwtSignatureError', message: 'Failed to validate JWT signature' };
      case 'bad_alg':
        return { ok: false, code: 'JwtSignerError', message: 'Failed to generate JWT signer, check your JWT secret or JWKS configuration' };
      default:
        return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
    }
  }
}
