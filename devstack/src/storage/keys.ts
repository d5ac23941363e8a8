/**
 * Object key and bucket name rules. The character set is storage-api's (S3-safe characters only,
 * so a name that works here also works on hosted Supabase). On top of it we refuse '.'/'..'
 * segments, empty segments, a leading '/' and overlong keys: bytes on disk are never keyed by the
 * name, but a name like '../x' is almost always a bug or an attack and hosted S3 keys would not
 * normalise it either.
 */
import { errors } from './errors.js';

const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;
const MAX_KEY_BYTES = 1024;

export function isValidKey(key: string): boolean {
  if (key.length === 0 || !VALID_OBJECT_KEY.test(key)) return false;
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) return false;
  if (key.startsWith('/')) return false;
  const segments = key.split('/');
  // A trailing '/' names a folder, not an object; '.' and '..' would climb out of it.
  return segments.every((s) => s !== '' && s !== '.' && s !== '..');
}

export function mustBeValidKey(key: string | undefined): asserts key is string {
  if (!key || !isValidKey(key)) throw errors.invalidKey(key ?? '');
}

export function isValidBucketName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length < 101 &&
    name.trim() === name &&
    name !== '.' &&
    name !== '..' &&
    VALID_BUCKET_NAME.test(name)
  );
}

export function mustBeValidBucketName(name: string | undefined): asserts name is string {
  if (!name || !isValidBucketName(name)) throw errors.invalidBucketName(name ?? '');
}

/** Decodes a percent-encoded path tail; a malformed escape is an invalid key, not a 500. */
export function decodeKey(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw errors.invalidKey(raw);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | undefined | null): value is string {
  return typeof value === 'string' && UUID.test(value);
}
