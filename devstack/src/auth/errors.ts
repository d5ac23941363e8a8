/**
 * GoTrue's error vocabulary and wire shapes. auth-js sends `X-Supabase-Api-Version: 2024-01-01`;
 * for such requests GoTrue answers `{code: "<error_code>", message}` and echoes the version
 * header, otherwise the legacy `{code: <status>, error_code, msg}`. Both carry `x-sb-error-code`.
 */
import { HttpError } from '../core/types.js';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra body fields, e.g. `weak_password: {reasons}`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

/** OAuth2-style error (`{error, error_description}`, always 400), used by the refresh grant. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
    this.name = 'OAuthError';
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const validationFailed = (message: string) => badRequest('validation_failed', message);

export const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = '2024-01-01';

/** GoTrue's DetermineClosestAPIVersion: a valid date on/after 2024-01-01 selects the new shape. */
export function usesNewErrorShape(header: string | undefined): boolean {
  if (!header || !/^\d{4}-\d{2}-\d{2}$/.test(header)) return false;
  const parsed = new Date(`${header}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== header) return false;
  return header >= API_VERSION_2024;
}

/** Turns any thrown value into the HttpError the gateway writes out. */
export function toHttpError(error: unknown, apiVersionHeader: string | undefined): HttpError {
  const modern = usesNewErrorShape(apiVersionHeader);
  const headers: Record<string, string> = modern ? { 'X-Supabase-Api-Version': API_VERSION_2024 } : {};
  if (error instanceof OAuthError) {
    return new HttpError(400, { error: error.error, error_description: error.description }, headers);
  }
  const known =
    error instanceof AuthError
      ? error
      : new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
  headers['x-sb-error-code'] = known.code;
  const body = modern
    ? { code: known.code, message: known.message, ...known.extra }
    : { code: known.status, error_code: known.code, msg: known.message, ...known.extra };
  return new HttpError(known.status, body, headers);
}
