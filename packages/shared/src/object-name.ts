// The one rule for storage object names that come from a client (a job's source, a product photo,
// a folder of photos), shared by the edge functions and the worker; SQL has the same rule in
// private.is_object_name (migration 20261127000100_object_names.sql). No Deno or npm imports: the
// worker and the Node tests import it too.
//
// Why a character set and not "no ..": storage clients put the name into a URL path unencoded, and
// the URL parser turns `%2e%2e`, `.%2e`, `%2E%2E` into `..` and drops tabs and newlines, so a name
// that looked like `<me>/%2e%2e/<victim>/x` signs `<victim>/x`. Ownership is therefore decided on a
// name that cannot change when it becomes a URL.

/**
 * A segment: letters, digits, space, `_`, `-`, `.`; not `.` or `..`; no space at either end (a URL
 * parser strips a trailing one: `a.jpg ` would sign `a.jpg`). At most 255 characters.
 */
const SEGMENT = /^(?!\.{1,2}$)(?! )(?!.* $)[A-Za-z0-9 _.-]{1,255}$/;
export const MAX_OBJECT_NAME = 1024;

/** Whether `name` is a safe object name (a folder may end with `/`). */
export function isObjectName(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_OBJECT_NAME) return false;
  const segments = (name.endsWith('/') ? name.slice(0, -1) : name).split('/');
  return segments.every((segment) => SEGMENT.test(segment));
}

/** Whether `name` is a safe object name inside the user's own folder (`<userId>/…`). */
export function ownsObject(name: unknown, userId: string, under = ''): name is string {
  return isObjectName(name) && name.startsWith(`${userId}/${under}`) && name.length > userId.length + 1;
}

/** A safe name as a URL path: every segment percent-encoded (a space is `%20`, never a separator). */
export function objectUrlPath(name: string): string {
  if (!isObjectName(name)) throw new Error('Not a valid object name.');
  return name.split('/').map(encodeURIComponent).join('/');
}
