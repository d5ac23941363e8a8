import { describe, expect, it } from 'vitest';
import { completeLock, platformOf } from './complete-lockfile';

describe('platformOf', () => {
  it('reads os and cpu from a platform package name', () => {
    expect(platformOf('@tailwindcss/oxide-darwin-arm64')).toEqual({ os: ['darwin'], cpu: ['arm64'] });
    expect(platformOf('@tailwindcss/oxide-win32-x64-msvc')).toEqual({ os: ['win32'], cpu: ['x64'] });
    expect(platformOf('@tailwindcss/oxide-wasm32-wasi')).toEqual({ cpu: ['wasm32'] });
  });

  it('leaves packages that name no platform alone', () => {
    expect(platformOf('fsevents')).toBeNull();
  });
});

describe('completeLock', () => {
  it('adds only the optional platform packages the lock is missing', () => {
    const lock = {
      packages: {
        '': { name: 'app' },
        'node_modules/@x/oxide': { version: '1.0.0', dev: true, optionalDependencies: { '@x/oxide-linux-x64-gnu': '1.0.0', '@x/oxide-darwin-arm64': '1.0.0' } },
        'node_modules/@x/oxide-linux-x64-gnu': { version: '1.0.0', optional: true },
      },
    };
    expect(completeLock(lock)).toEqual(['@x/oxide-darwin-arm64@1.0.0']);
    expect(lock.packages['node_modules/@x/oxide-darwin-arm64' as keyof typeof lock.packages]).toEqual({
      version: '1.0.0',
      dev: true,
      optional: true,
      os: ['darwin'],
      cpu: ['arm64'],
    });
    expect(completeLock(lock)).toEqual([]);
  });
});
