/**
 * Maps a request below /storage/v1 to a route, like storage-api's fastify routes (static
 * segments such as /object/list, /object/sign win over a bucket of that name).
 * Object names are the percent-decoded rest of the path.
 */
import { decodeKey } from './keys.js';

export type Route =
  | { kind: 'bucket.list' | 'bucket.create' }
  | { kind: 'bucket.get' | 'bucket.update' | 'bucket.delete' | 'bucket.empty'; bucket: string }
  | { kind: 'object.list' | 'object.listV2' | 'object.deleteMany' | 'object.signMany'; bucket: string }
  | { kind: 'object.move' | 'object.copy' }
  | {
      kind:
        | 'object.upload'
        | 'object.update'
        | 'object.get'
        | 'object.getAuthenticated'
        | 'object.getPublic'
        | 'object.head'
        | 'object.headPublic'
        | 'object.info'
        | 'object.infoPublic'
        | 'object.delete'
        | 'object.sign'
        | 'object.getSigned'
        | 'object.signUpload'
        | 'object.uploadSigned';
      bucket: string;
      name: string;
    }
  | { kind: 'render'; mode: 'authenticated' | 'public' | 'sign'; bucket: string; name: string };

/** `rawPath` is the still-encoded path below the prefix, e.g. `/object/photos/a%20b.png`. */
export function matchRoute(method: string, rawPath: string): Route | null {
  const parts = rawPath.split('/').slice(1);
  const seg = (i: number) => (parts[i] === undefined ? undefined : decodeKey(parts[i]));
  const rest = (i: number) => decodeKey(parts.slice(i).join('/'));
  const m = method === 'HEAD' ? 'HEAD' : method;

  if (parts[0] === 'bucket') {
    const id = seg(1);
    if (!id) return m === 'GET' ? { kind: 'bucket.list' } : m === 'POST' ? { kind: 'bucket.create' } : null;
    if (parts.length === 2) {
      if (m === 'GET') return { kind: 'bucket.get', bucket: id };
      if (m === 'PUT') return { kind: 'bucket.update', bucket: id };
      if (m === 'DELETE') return { kind: 'bucket.delete', bucket: id };
    }
    if (parts.length === 3 && parts[2] === 'empty' && m === 'POST') return { kind: 'bucket.empty', bucket: id };
    return null;
  }

  if (parts[0] === 'render' && parts[1] === 'image' && m === 'GET') {
    const mode = parts[2];
    if ((mode === 'authenticated' || mode === 'public' || mode === 'sign') && parts.length >= 5) {
      return { kind: 'render', mode, bucket: seg(3) as string, name: rest(4) };
    }
    return null;
  }

  if (parts[0] !== 'object' || parts.length < 2) return null;
  const head = parts[1];
  if (m === 'POST' && parts.length === 2 && (head === 'move' || head === 'copy')) return { kind: `object.${head}` };
  if (head === 'list' && m === 'POST' && parts.length === 3) return { kind: 'object.list', bucket: seg(2) as string };
  if (head === 'list-v2' && m === 'POST' && parts.length === 3) return { kind: 'object.listV2', bucket: seg(2) as string };
  if (head === 'sign' && parts.length >= 3) {
    const bucket = seg(2) as string;
    if (parts.length === 3) return m === 'POST' ? { kind: 'object.signMany', bucket } : null;
    if (m === 'POST') return { kind: 'object.sign', bucket, name: rest(3) };
    if (m === 'GET') return { kind: 'object.getSigned', bucket, name: rest(3) };
    return null;
  }
  if (head === 'upload' && parts[2] === 'sign' && parts.length >= 5) {
    const bucket = seg(3) as string;
    if (m === 'POST') return { kind: 'object.signUpload', bucket, name: rest(4) };
    if (m === 'PUT') return { kind: 'object.uploadSigned', bucket, name: rest(4) };
    return null;
  }
  if (head === 'info' && m === 'GET' && parts.length >= 4) {
    if (parts[2] === 'public' && parts.length >= 5) return { kind: 'object.infoPublic', bucket: seg(3) as string, name: rest(4) };
    if (parts[2] === 'authenticated' && parts.length >= 5) return { kind: 'object.info', bucket: seg(3) as string, name: rest(4) };
    return { kind: 'object.info', bucket: seg(2) as string, name: rest(3) };
  }
  if (head === 'public' && parts.length >= 4) {
    if (m === 'GET') return { kind: 'object.getPublic', bucket: seg(2) as string, name: rest(3) };
    if (m === 'HEAD') return { kind: 'object.headPublic', bucket: seg(2) as string, name: rest(3) };
    return null;
  }
  if (head === 'authenticated' && parts.length >= 4) {
    if (m === 'GET') return { kind: 'object.getAuthenticated', bucket: seg(2) as string, name: rest(3) };
    if (m === 'HEAD') return { kind: 'object.head', bucket: seg(2) as string, name: rest(3) };
    return null;
  }
  const bucket = seg(1) as string;
  if (parts.length === 2 && m === 'DELETE') return { kind: 'object.deleteMany', bucket };
  // No name at all (e.g. the client's URL parser resolved '../x' away): an invalid key, as
  // storage-api's key check would say, rather than a confusing 'route not found'.
  const name = parts.length === 2 ? '' : rest(2);
  switch (m) {
    case 'POST':
      return { kind: 'object.upload', bucket, name };
    case 'PUT':
      return { kind: 'object.update', bucket, name };
    case 'GET':
      return { kind: 'object.get', bucket, name };
    case 'HEAD':
      return { kind: 'object.head', bucket, name };
    case 'DELETE':
      return { kind: 'object.delete', bucket, name };
    default:
      return null;
  }
}
