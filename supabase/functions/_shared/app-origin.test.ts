import { describe, expect, it } from 'vitest';
import { allowedOrigin, appPath, parseOrigins } from './app-origin.ts';

describe('app origins for Checkout and portal return URLs', () => {
  const allowed = parseOrigins('https://app.shotcraft.io, http://localhost:*');

  it('accepts the app and local origins, any port where the entry says *', () => {
    expect(allowedOrigin('https://app.shotcraft.io', allowed)).toBe('https://app.shotcraft.io');
    expect(allowedOrigin('http://localhost:5173', allowed)).toBe('http://localhost:5173');
  });

  it('refuses other origins, other schemes and missing ones', () => {
    for (const o of ['https://evil.example', 'http://app.shotcraft.io', 'https://app.shotcraft.io.evil.example', 'javascript:alert(1)', 'null', '', null]) {
      expect(allowedOrigin(o, allowed)).toBeNull();
    }
  });

  it('keeps return paths inside the app', () => {
    expect(appPath('/billing?tab=1', '/')).toBe('/billing?tab=1');
    for (const p of ['//evil.example', 'https://evil.example', '/\\evil', 'billing', 42]) expect(appPath(p, '/x')).toBe('/x');
  });
});
