import { describe, expect, it } from 'vitest';
import { originMatcher } from './cors.js';

describe('originMatcher', () => {
  it('allows local app origins on any port by default, nothing else', () => {
    const allowed = originMatcher(['http://127.0.0.1:*', 'http://localhost:*']);
    expect(allowed('http://127.0.0.1:5173')).toBe(true);
    expect(allowed('http://localhost:4173')).toBe(true);
    expect(allowed('http://localhost')).toBe(true);
    expect(allowed('https://evil.example')).toBe(false);
    expect(allowed('http://127.0.0.1.evil.example:80')).toBe(false);
  });

  it('takes exact origins and a lone *', () => {
    expect(originMatcher(['https://app.shotcraft.io'])('https://app.shotcraft.io')).toBe(true);
    expect(originMatcher(['https://app.shotcraft.io'])('https://app.shotcraft.io.evil')).toBe(false);
    expect(originMatcher(['*'])('https://anything.example')).toBe(true);
  });
});
