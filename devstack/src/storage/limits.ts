/** Upload limits: bucket file_size_limit, the global cap and allowed_mime_types, as storage-api applies them. */
import { errors, StorageError } from './errors.js';

/** Hosted free-tier global upload cap (storage-api FILE_SIZE_LIMIT default); config.toml [storage] file_size_limit sets it. */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

/** A bucket's limit, never above the project's global one (as storage-api applies them). */
export function maxFileSize(bucketLimit: number | string | null | undefined, globalLimit = GLOBAL_FILE_SIZE_LIMIT): number {
  const limit = bucketLimit === null || bucketLimit === undefined ? NaN : Number(bucketLimit);
  return Number.isFinite(limit) && limit >= 0 ? Math.min(limit, globalLimit) : globalLimit;
}

/**
 * `image/*` allows any image subtype; otherwise type and subtype must match exactly. Like
 * storage-api, parameters are not stripped: 'text/plain;charset=UTF-8' does not match
 * 'text/plain' (it does match 'text/*'), so what is refused on hosted is refused here too.
 */
export function isMimeTypeAllowed(mimeType: string, allowed: string[] | null | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [type, subtype] = mimeType.split('/');
  if (!type || subtype === undefined) return false;
  return allowed.some((entry) => {
    const [aType, aSub] = entry.split('/');
    return aType === type && (aSub === '*' || aSub === subtype);
  });
}

export function mustBeAllowedMimeType(mimeType: string, allowed: string[] | null | undefined): void {
  if (!isMimeTypeAllowed(mimeType, allowed)) throw errors.invalidMimeType(mimeType);
}

const MIME_ENTRY = /^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.*]+)(;\s*charset=[a-zA-Z0-9-]+)?$/;

/** Bucket create/update: every allowed_mime_types entry must look like a mime type. */
export function validateAllowedMimeTypes(list: unknown): string[] | null | undefined {
  if (list === undefined || list === null) return list;
  if (!Array.isArray(list)) throw errors.invalidRequest('body/allowed_mime_types must be array');
  const entries = list.filter((m): m is string => typeof m === 'string' && m.length > 0);
  for (const m of entries) {
    if (m.length > 1000 || !MIME_ENTRY.test(m)) throw errors.invalidMimeType(m);
  }
  return entries;
}

/** `file_size_limit` may be a number of bytes or a string like '20MB' / '30KB' / '3B'. */
export function parseFileSizeLimit(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) throw invalidSize();
    return Math.floor(value);
  }
  if (typeof value !== 'string') throw invalidSize();
  if (/^[0-9]+$/.test(value)) return Number(value);
  const m = /^([0-9]+(?:\.[0-9]+)?)(gib|mib|kib|gb|mb|kb|b)$/i.exec(value);
  if (!m) throw invalidSize();
  const n = +parseFloat(m[1]).toPrecision(3);
  // The CLI's config.toml writes binary units ("50MiB"); the bucket API takes decimal ones.
  const unit = { GIB: 2 ** 30, MIB: 2 ** 20, KIB: 2 ** 10, GB: 1e9, MB: 1e6, KB: 1e3, B: 1 }[m[2].toUpperCase() as 'GB' | 'MB' | 'KB' | 'B'];
  return Math.round(n * unit);
}

function invalidSize(): StorageError {
  return errors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
}
