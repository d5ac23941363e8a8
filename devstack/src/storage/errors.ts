/**
 * Errors in storage-api's wire shape: `{ statusCode, code, error, message }` with `statusCode` a
 * string. Like storage-api, the HTTP status of a 4xx error is 400 and the logical status lives in
 * the body (storage-js reads both: `error.status` and `error.statusCode`); only a few errors
 * (role checks) keep their real HTTP status, and 5xx stay 5xx.
 */
import pg from 'pg';
import { HttpError, JwtError } from '../core/types.js';

export interface StorageErrorBody {
  statusCode: string;
  code: string;
  error: string;
  message: string;
}

export class StorageError extends HttpError {
  constructor(
    readonly logicalStatus: number,
    readonly code: string,
    message: string,
    error: string = code,
    httpStatus?: number,
  ) {
    const status = httpStatus ?? (logicalStatus >= 500 ? logicalStatus : 400);
    const body: StorageErrorBody = { statusCode: String(logicalStatus), code, error, message };
    super(status, body);
    this.name = 'StorageError';
  }
}

export const errors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: (_name: string) =>
    new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  keyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () =>
    new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  resourceAlreadyExists: () =>
    new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  entityTooLarge: () =>
    new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidMimeType: (mime: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${mime} is not supported`, 'invalid_mime_type'),
  accessDenied: (message = 'Access denied', httpStatus?: number) =>
    new StorageError(403, 'AccessDenied', message, 'Unauthorized', httpStatus),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', message),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  noContent: () => new StorageError(400, 'InvalidRequest', 'No content provided'),
  invalidRange: () => new StorageError(400, 'InvalidRange', 'invalid range provided', 'invalid_range'),
  internal: (message = 'Internal server error') => new StorageError(500, 'InternalError', message),
};

/** Fastify-style 404 for unknown routes, as storage-api's not-found handler sends it. */
export function routeNotFound(method: string, url: string): HttpError {
  return new HttpError(404, {
    statusCode: '404',
    error: 'Not Found',
    message: `Route ${method}:${url} not found`,
    code: 'InvalidRequest',
  });
}

/** Maps a Postgres error the way storage-api's DBError.fromDBError does. */
export function fromDbError(e: unknown): unknown {
  if (!(e instanceof pg.DatabaseError)) return e;
  switch (e.code) {
    case '42501':
      return errors.accessDenied(
        e.message.includes('row-level security') ? 'new row violates row-level security policy' : e.message,
      );
    case '23505':
      return errors.resourceAlreadyExists();
    case '23503':
      return e.detail?.includes('is still referenced from table')
        ? new StorageError(409, 'ResourceReferenced', 'The resource could not be updated or removed due to a foreign key constraint')
        : new StorageError(404, 'InvalidRequest', 'The related resource does not exist');
    case '22P02':
      return new StorageError(400, 'InvalidParameter', e.message || 'Invalid value format or type conversion failed');
    default:
      return new StorageError(500, 'DatabaseError', `database error, code: ${e.code}`);
  }
}

/**
 * A bad bearer token: storage-api answers AccessDenied with the verifier's (jose) message.
 * Our Jwt reports a reason; give the message jose would have given for it.
 */
export function fromJwtError(e: JwtError): StorageError {
  const message: Record<JwtError['reason'], string> = {
    malformed: 'Invalid Compact JWS',
    bad_signature: 'signature verification failed',
    expired: '"exp" claim timestamp check failed',
    bad_alg: '"alg" (Algorithm) Header Parameter value not allowed',
  };
  return errors.accessDenied(message[e.reason] ?? e.message);
}
