import { describe, expect, it } from 'vitest';
import { StorageError } from './errors.ts';
import { isValidBucketName, isValidKey } from './keys.ts';
import { isMimeTypeAllowed, maxFileSize, parseFileSizeLimit, GLOBAL_FILE_SIZE_LIMIT } from './limits.ts';
import { parseListBody, startsWithPattern } from './list.ts';
import { parseTransform, parseTransformKey, transformKey } from './render-options.ts';
import { parseRange } from './send.ts';

describe('object keys', () => {
  it('accepts ordinary nested names', () => {
    for (const key of ['a.txt', 'user-1/avatars/me.png', "it's (1) & more!.jpg", 'a b/c=d;e@f.txt']) {
      expect(isValidKey(key), key).toBe(true);
    }
  });

  it('refuses traversal, absolute, empty-segment and control-character names', () => {
    for (const key of ['', '../x', 'a/../../x', './x', 'a/./b', '/etc/passwd', 'a//b', 'a/', 'a\\..\\b', 'a\u0000b', 'new\nline']) {
      expect(isValidKey(key), JSON.stringify(key)).toBe(false);
    }
  });

  it('refuses characters hosted storage refuses (non-ASCII, %, #) and overlong keys', () => {
    expect(isValidKey('café.png')).toBe(false);
    expect(isValidKey('100%.png')).toBe(false);
    expect(isValidKey('a#b')).toBe(false);
    expect(isValidKey('a'.repeat(1025))).toBe(false);
  });

  it('validates bucket names without slashes or surrounding spaces', () => {
    expect(isValidBucketName('avatars')).toBe(true);
    expect(isValidBucketName('a/b')).toBe(false);
    expect(isValidBucketName(' avatars')).toBe(false);
    expect(isValidBucketName('..')).toBe(false);
    expect(isValidBucketName('x'.repeat(101))).toBe(false);
  });
});

describe('upload limits', () => {
  it('matches wildcards and exact types the way storage-api does', () => {
    expect(isMimeTypeAllowed('image/png', ['image/*'])).toBe(true);
    expect(isMimeTypeAllowed('text/plain', ['image/*'])).toBe(false);
    expect(isMimeTypeAllowed('image/png', ['image/jpeg', 'image/png'])).toBe(true);
    expect(isMimeTypeAllowed('anything/at-all', null)).toBe(true);
    // storage-api compares the raw subtype, parameters included
    expect(isMimeTypeAllowed('text/plain;charset=UTF-8', ['text/plain'])).toBe(false);
    expect(isMimeTypeAllowed('text/plain;charset=UTF-8', ['text/*'])).toBe(true);
  });

  it('caps bucket limits by the global limit', () => {
    expect(maxFileSize(null)).toBe(GLOBAL_FILE_SIZE_LIMIT);
    expect(maxFileSize('1000000')).toBe(1_000_000);
    expect(maxFileSize(10 * GLOBAL_FILE_SIZE_LIMIT)).toBe(GLOBAL_FILE_SIZE_LIMIT);
  });

  it('parses file_size_limit numbers and unit strings', () => {
    expect(parseFileSizeLimit(1024)).toBe(1024);
    expect(parseFileSizeLimit('1MB')).toBe(1_000_000);
    expect(parseFileSizeLimit('1.5kb')).toBe(1500);
    expect(parseFileSizeLimit('200MiB')).toBe(200 * 1024 * 1024);
    expect(maxFileSize(null, 200 * 1024 * 1024)).toBe(200 * 1024 * 1024);
    expect(parseFileSizeLimit(null)).toBeNull();
    expect(() => parseFileSizeLimit('lots')).toThrow(StorageError);
  });
});

describe('list options', () => {
  it('treats the prefix as a folder and applies storage-js defaults', () => {
    expect(parseListBody({ prefix: 'a/b' })).toEqual({
      prefix: 'a/b/',
      limit: 100,
      offset: 0,
      search: '',
      column: 'name',
      order: 'asc',
    });
  });

  it('refuses unknown sort columns (they would be identifiers in SQL)', () => {
    expect(() => parseListBody({ prefix: '', sortBy: { column: 'name; drop table x' } })).toThrow(StorageError);
  });

  it('escapes LIKE wildcards in prefix and search', () => {
    expect(startsWithPattern('a_b%c\\')).toBe('a\\_b\\%c\\\\%');
  });
});

describe('transform options', () => {
  it('round-trips through the token string', () => {
    const opts = parseTransform({ width: '200', height: '100', resize: 'contain', quality: '70', format: 'origin' });
    expect(parseTransformKey(transformKey(opts))).toEqual(opts);
  });

  it('refuses out-of-range values', () => {
    expect(() => parseTransform({ width: '-1' })).toThrow(StorageError);
    expect(() => parseTransform({ quality: '5' })).toThrow(StorageError);
    expect(() => parseTransform({ resize: 'stretch' })).toThrow(StorageError);
  });
});

describe('byte ranges', () => {
  it('parses single ranges and refuses unsatisfiable ones', () => {
    expect(parseRange('bytes=0-3', 10)).toEqual({ start: 0, end: 3 });
    expect(parseRange('bytes=5-', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-4', 10)).toEqual({ start: 6, end: 9 });
    expect(parseRange('bytes=10-12', 10)).toBeUndefined();
    expect(parseRange('bytes=0-1,3-4', 10)).toBeUndefined();
  });
});
