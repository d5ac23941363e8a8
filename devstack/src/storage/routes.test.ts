import { describe, expect, it } from 'vitest';
import { StorageError } from './errors.ts';
import { matchRoute } from './routes.ts';

describe('storage routes', () => {
  it('maps the bucket routes', () => {
    expect(matchRoute('GET', '/bucket')).toEqual({ kind: 'bucket.list' });
    expect(matchRoute('POST', '/bucket')).toEqual({ kind: 'bucket.create' });
    expect(matchRoute('GET', '/bucket/avatars')).toEqual({ kind: 'bucket.get', bucket: 'avatars' });
    expect(matchRoute('POST', '/bucket/avatars/empty')).toEqual({ kind: 'bucket.empty', bucket: 'avatars' });
  });

  it('prefers the static object routes over a bucket of that name', () => {
    expect(matchRoute('POST', '/object/list/photos')).toEqual({ kind: 'object.list', bucket: 'photos' });
    expect(matchRoute('POST', '/object/move')).toEqual({ kind: 'object.move' });
    expect(matchRoute('POST', '/object/sign/photos')).toEqual({ kind: 'object.signMany', bucket: 'photos' });
    expect(matchRoute('POST', '/object/sign/photos/a/b.png')).toEqual({ kind: 'object.sign', bucket: 'photos', name: 'a/b.png' });
    expect(matchRoute('GET', '/object/public/photos/a.png')).toEqual({ kind: 'object.getPublic', bucket: 'photos', name: 'a.png' });
    expect(matchRoute('GET', '/object/info/public/photos/a.png')).toEqual({ kind: 'object.infoPublic', bucket: 'photos', name: 'a.png' });
    expect(matchRoute('PUT', '/object/upload/sign/photos/a.png')).toEqual({ kind: 'object.uploadSigned', bucket: 'photos', name: 'a.png' });
    expect(matchRoute('GET', '/render/image/sign/photos/a.png')).toEqual({ kind: 'render', mode: 'sign', bucket: 'photos', name: 'a.png' });
  });

  it('decodes object names, so encoded traversal reaches the key check', () => {
    expect(matchRoute('POST', '/object/photos/a%20b/..%2Fx')).toEqual({ kind: 'object.upload', bucket: 'photos', name: 'a b/../x' });
    expect(matchRoute('POST', '/object/photos')).toEqual({ kind: 'object.upload', bucket: 'photos', name: '' });
    expect(() => matchRoute('GET', '/object/photos/%E0%A4%A')).toThrow(StorageError);
  });

  it('answers unknown routes with null', () => {
    expect(matchRoute('PATCH', '/object/photos/a.png')).toBeNull();
    expect(matchRoute('GET', '/nothing')).toBeNull();
  });
});
