import { describe, expect, it } from 'vitest';
import { isRedirectUrlValid, pickRedirect, withFragment, withQuery } from './redirects.js';

const config = { siteUrl: 'http://localhost:5173', additionalRedirectUrls: ['https://*.shotcraft.app/**', 'https://preview.example.com/auth/callback'] };

describe('redirect allow-list', () => {
  it('allows the site URL origin, loopback addresses and listed globs', () => {
    expect(isRedirectUrlValid(config, 'http://localhost:5173/welcome')).toBe(true);
    expect(isRedirectUrlValid(config, 'http://localhost:4173/welcome')).toBe(true);
    expect(isRedirectUrlValid(config, 'http://127.0.0.1:3000/cb')).toBe(true);
    expect(isRedirectUrlValid(config, 'https://app.shotcraft.app/auth/callback?x=1')).toBe(true);
    expect(isRedirectUrlValid(config, 'https://preview.example.com/auth/callback')).toBe(true);
  });

  it('refuses other hosts, sub-sub-domains a single * does not cover, and decimal IPs', () => {
    expect(isRedirectUrlValid(config, 'https://evil.example.com/')).toBe(false);
    expect(isRedirectUrlValid(config, 'https://a.b.shotcraft.app/')).toBe(false);
    expect(isRedirectUrlValid(config, 'http://2130706433/')).toBe(false);
    expect(isRedirectUrlValid(config, 'not a url')).toBe(false);
  });

  it('falls back to the site URL when no candidate is allowed', () => {
    expect(pickRedirect(config, [undefined, 'https://evil.example.com/'])).toBe('http://localhost:5173');
    expect(pickRedirect(config, ['https://evil.example.com/', 'http://localhost:5173/x'])).toBe('http://localhost:5173/x');
  });
});

describe('redirect URLs', () => {
  it('writes the fragment with sorted, form-encoded keys like Go url.Values', () => {
    expect(withFragment('http://localhost:5173/cb#old', { type: 'signup', error_description: 'Email link is invalid or has expired', sb: '' }))
      .toBe('http://localhost:5173/cb#error_description=Email+link+is+invalid+or+has+expired&sb=&type=signup');
  });

  it('adds query parameters and keeps existing ones', () => {
    expect(withQuery('http://localhost:5173/cb?next=%2Fhome', { code: 'abc' })).toBe('http://localhost:5173/cb?next=%2Fhome&code=abc');
  });
});
