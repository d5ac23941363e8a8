/**
 * PostgREST's error bodies `{code, details, hint, message}` and its SQLSTATE → HTTP status table
 * (PostgREST src/PostgREST/Error.hs), so supabase-js sees the same codes as from hosted Supabase.
 */
import { HttpError, JwtError } from '../core/types.js';

export function pgrstError(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
  headers: Record<string, string> = {},
): HttpError {
  return new HttpError(status, { code, details, hint, message }, headers);
}

export interface PgLikeError {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPgError(e: unknown): e is PgLikeError & Error {
  return e instanceof Error && typeof (e as PgLikeError).code === 'string' && (e as PgLikeError).code!.length === 5;
}

/** HTTP status for a Postgres SQLSTATE; `authed` = the request's role is not anon. */
export function pgStatus(code: string, message: string, authed: boolean): number {
  const c2 = code.slice(0, 2);
  switch (code) {
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '21000':
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case '53400':
      return 500;
    case '57P01':
      return 503;
    case 'P0001':
      return 400;
    case '42883':
      return message.startsWith('function xmlagg(') ? 406 : 404;
    case '42P01':
      return 404;
    case '42P17':
      return 500;
    case '42501':
      return authed ? 403 : 401;
  }
  if (c2 === 'PT') {
    const n = Number(code.slice(2));
    return Number.isInteger(n) && n >= 100 && n <= 599 ? n : 500;
  }
  const byClass: Record<string, number> = {
    '08': 503, '09': 500, '0L': 403, '0P': 403, '25': 500, '28': 403, '2D': 500, '38': 500, '39': 500,
    '3B': 500, '40': 500, '53': 503, '54': 500, '55': 500, '57': 500, '58': 500, F0: 500, HV: 500,
    P0: 500, XX: 500,
  };
  return byClass[c2] ?? 400;
}

export function fromPgError(e: PgLikeError, authed: boolean): HttpError {
  const code = e.code ?? 'XX000';
  const status = pgStatus(code, e.message, authed);
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new HttpError(status, { code, details: e.detail ?? null, hint: e.hint ?? null, message: e.message }, headers);
}

/** 401 for a bad bearer token, worded like PostgREST 12/13 (PGRST301 decode, PGRST303 claims). */
export function jwtErrorResponse(e: JwtError, token: string | undefined): HttpError {
  let code = 'PGRST301';
  let message: string;
  switch (e.reason) {
    case 'expired':
      code = 'PGRST303';
      message = 'JWT expired';
      break;
    case 'bad_alg':
      message = 'Wrong or unsupported encoding algorithm';
      break;
    case 'bad_signature':
      message = 'JWT cryptographic operation failed';
      break;
    default: {
      const parts = token ? token.split('.').length : 0;
      message = token === '' ? 'Empty JWT is sent in Authorization header'
        : parts !== 3 ? `Expected 3 parts in JWT; got ${parts}` : "JWT couldn't be decoded";
    }
  }
  return pgrstError(401, code, message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
  });
}

export function parseErrorResponse(message: string, details: string): HttpError {
  return pgrstError(400, 'PGRST100', message, details);
}
