import { logError, type ErrorCategory } from './logger';
/**
 * One typed error vocabulary for the browser. Service functions throw AppError; the UI shows
 * `message` and branches on `code`.
 */
export const APP_ERROR_CODES = [
  'not_authenticated',
  'permission_denied',
  'not_found',
  'conflict',
  'validation',
  'insufficient_credits',
  /** The user's plan does not include the studio (start_job: plan_studios); the message names the plan. */
  'plan_required',
  'rate_limited',
  'network',
  'storage',
  'server',
  'unknown',
] as const;

export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number | undefined;
  readonly details: string | undefined;

  constructor(code: AppErrorCode, message: string, options: { status?: number; details?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status;
    this.details = options.details;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  status?: unknown;
  statusCode?: unknown;
  details?: unknown;
  hint?: unknown;
  name?: unknown;
}

const POSTGRES_CODES: Record<string, AppErrorCode> = {
  '42501': 'permission_denied',
  '23505': 'conflict',
  '23503': 'conflict',
  '23514': 'validation',
  '23502': 'validation',
  '22P02': 'validation',
  PGRST116: 'not_found',
  PGRST205: 'not_found',
  PGRST202: 'not_found',
  PGRST301: 'not_authenticated',
  PGRST303: 'not_authenticated',
};

/** Custom codes raised by our SQL functions (`raise exception … using detail = '<code>'`). */
const DOMAIN_CODES: Record<string, AppErrorCode> = {
  insufficient_credits: 'insufficient_credits',
  plan_required: 'plan_required',
  rate_limited: 'rate_limited',
  not_authenticated: 'not_authenticated',
};

function codeFromStatus(status: number | undefined): AppErrorCode {
  if (status === undefined) return 'unknown';
  if (status === 401) return 'not_authenticated';
  if (status === 403) return 'permission_denied';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413 || status === 415 || status === 400 || status === 422) return 'validation';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  return 'unknown';
}

/**
 * Maps whatever supabase-js (PostgrestError, AuthError, StorageError, FunctionsHttpError) or
 * fetch threw into an AppError. `fallback` is the user-facing message when the source has none.
 */
export function toAppError(error: unknown, fallback = 'Something went wrong. Please try again.'): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) {
    return new AppError('network', 'Could not reach the server. Check your connection and try again.', { cause: error });
  }
  if (typeof error !== 'object' || error === null) return new AppError('unknown', fallback, { cause: error });

  const e = error as ErrorLike;
  const message = typeof e.message === 'string' && e.message.trim() ? e.message : fallback;
  const rawStatus = typeof e.status === 'number' ? e.status : Number(e.statusCode);
  const status = Number.isFinite(rawStatus) ? rawStatus : undefined;
  const details = typeof e.details === 'string' ? e.details : undefined;
  const code = typeof e.code === 'string' ? e.code : undefined;

  const domain = (details && DOMAIN_CODES[details]) || (code && DOMAIN_CODES[code]);
  if (domain) return new AppError(domain, message, { status, details, cause: error });
  if (code && POSTGRES_CODES[code]) return new AppError(POSTGRES_CODES[code], message, { status, details, cause: error });
  if (e.name === 'AuthSessionMissingError') return new AppError('not_authenticated', 'User not authenticated', { cause: error });
  if (e.name === 'StorageError' || e.name === 'StorageApiError') {
    return new AppError(status ? codeFromStatus(status) : 'storage', message, { status, cause: error });
  }
  return new AppError(codeFromStatus(status), message, { status, details, cause: error });
}

/** Where an error of each code is filed by the error logger. */
const CATEGORY: Partial<Record<AppErrorCode, ErrorCategory>> = { network: 'network', storage: 'storage', server: 'system', unknown: 'system' };

/**
 * For fetchers: `if (error) handleError(error)` — never returns. Failures on our side (server,
 * storage, network, unknown) are also logged (docs/spec.md §8); a user's own mistakes (validation,
 * sign-in, credits) are not errors to report.
 */
export function handleError(error: unknown, fallback?: string): never {
  const appError = toAppError(error, fallback);
  const category = CATEGORY[appError.code];
  if (category) logError('Service error', { severity: 'medium', category, code: appError.code, status: appError.status ?? null, error: appError });
  throw appError;
}
