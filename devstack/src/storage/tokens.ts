/**
 * Signed-URL tokens: HS256 JWTs with the project's JWT secret carrying `url` (`<bucket>/<name>`),
 * a `scope` (download/upload, so one can't be replayed as the other) and `exp`, as storage-api
 * issues them. They carry no `role`, so they are useless as API bearer tokens.
 */
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { errors } from './errors.js';

export interface DownloadToken {
  url: string;
  scope: 'download';
  transformations?: string;
  exp: number;
}

export interface UploadToken {
  url: string;
  scope: 'upload';
  owner?: string;
  upsert: boolean;
  exp: number;
}

export class UrlSigner {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(payload: Record<string, unknown>, expiresIn: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn)
      .sign(this.key);
  }

  /** Verifies signature, scope, expiry and that the token was issued for exactly this object. */
  async verify<S extends 'download' | 'upload'>(
    token: string | null,
    scope: S,
    url: string,
  ): Promise<S extends 'upload' ? UploadToken : DownloadToken> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token ?? '', this.key, { algorithms: ['HS256'] }));
    } catch (e) {
      if (e instanceof joseErrors.JWTExpired) throw errors.invalidJwt('jwt expired');
      if (!token) throw errors.invalidJwt('jwt must be provided');
      throw errors.invalidJwt(e instanceof Error ? e.message : 'Invalid JWT');
    }
    const tokenScope = payload.scope ?? ('upsert' in payload ? 'upload' : 'download');
    if (tokenScope !== scope) throw errors.invalidSignature(`Token is not scoped for ${scope}`);
    if (payload.url !== url) throw errors.invalidSignature();
    return payload as unknown as S extends 'upload' ? UploadToken : DownloadToken;
  }
}

/** storage-api accepts a positive integer number of seconds for expiresIn. */
export function parseExpiresIn(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 1) {
    throw errors.invalidRequest('body/expiresIn must be >= 1');
  }
  return Math.floor(n);
}
