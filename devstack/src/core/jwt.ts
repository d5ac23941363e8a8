import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT, decodeProtectedHeader } from 'jose';
import { JwtError, type Claims, type Jwt } from './types.js';

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/**
 * Synchronous HS256 signing with a fixed header and the payload's own key order, so the same
 * payload always gives the same token (the anon/service_role keys in .env.example rely on it).
 */
export function signHs256(payload: Record<string, unknown>, secret: string): string {
  const head = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** HS256 only, like GoTrue and PostgREST configured with a shared secret. */
export function createJwt(secret: string): Jwt {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: Claims): Promise<string> {
      return new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
    },
    async verify(token: string): Promise<Claims> {
      let alg: unknown;
      try {
        alg = decodeProtectedHeader(token).alg;
      } catch {
        throw new JwtError('malformed', 'invalid JWT: unable to parse or verify signature, token is malformed');
      }
      // Checked before the signature so `alg: none` and RS/ES tokens never reach a verifier.
      if (alg !== 'HS256') throw new JwtError('bad_alg', `invalid JWT: signing method ${String(alg)} is invalid`);
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        // PostgREST falls back to its anon role when a valid token carries no role claim.
        return { ...payload, role: (payload.role as Claims['role'] | undefined) ?? 'anon' } as Claims;
      } catch (err) {
        throw toJwtError(err);
      }
    },
  };
}

function toJwtError(err: unknown): JwtError {
  if (err instanceof errors.JWTExpired) return new JwtError('expired', 'invalid JWT: token has expired');
  if (err instanceof errors.JWSSignatureVerificationFailed) {
    return new JwtError('bad_signature', 'invalid JWT: signature is invalid');
  }
  if (err instanceof errors.JOSEAlgNotAllowed) return new JwtError('bad_alg', 'invalid JWT: signing method is invalid');
  return new JwtError('malformed', `invalid JWT: ${(err as Error).message}`);
}
