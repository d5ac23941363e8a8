/**
 * The worker's error vocabulary: one code → one HTTP status, a message the studio can show as is.
 * Every refusal leaves the request as a `WorkerError`; anything else becomes `internal_error`.
 */
export const ERROR_STATUS = {
  invalid_request: 400,
  empty_file: 400,
  missing_image: 400,
  invalid_instruction: 422,
  missing_token: 401,
  invalid_token: 401,
  job_forbidden: 403,
  origin_forbidden: 403,
  not_found: 404,
  job_not_found: 404,
  method_not_allowed: 405,
  job_not_queued: 409,
  job_expired: 409,
  wrong_studio: 409,
  file_too_large: 413,
  rate_limited: 429,
  too_many_pixels: 413,
  unsupported_type: 415,
  undecodable_image: 422,
  undecodable_media: 422,
  invalid_frames: 422,
  video_too_long: 422,
  unknown_preset: 422,
  invalid_options: 422,
  url_refused: 422,
  no_product_found: 422,
  storage_failed: 502,
  backend_unavailable: 502,
  busy: 503,
  processing_failed: 500,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class WorkerError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra fields for the JSON body (e.g. `refunded`, `ignored`). */
  readonly extra: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = 'WorkerError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.extra = extra;
  }

  /** The same error with more body fields (e.g. after the job was refunded). */
  with(extra: Record<string, unknown>): WorkerError {
    return new WorkerError(this.code, this.message, { ...this.extra, ...extra });
  }
}

export function toWorkerError(err: unknown): WorkerError {
  if (err instanceof WorkerError) return err;
  return new WorkerError('internal_error', 'Something went wrong on our side. Please try again.');
}

export function errorBody(err: WorkerError): { error: { code: ErrorCode; message: string } } & Record<string, unknown> {
  return { error: { code: err.code, message: err.message }, ...err.extra };
}
