import { describe, expect, it } from 'vitest';
import { openToken, sealToken } from './token-crypto.ts';

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('platform tokens at rest', () => {
  it('seals to something else each time and opens back to the token', async () => {
    const a = await sealToken('twitter-at-secret', KEY);
    const b = await sealToken('twitter-at-secret', KEY);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('secret');
    expect(a).not.toBe(b);
    expect(await openToken(a, KEY)).toBe('twitter-at-secret');
  });

  it('refuses another key, a changed ciphertext and a missing key', async () => {
    const sealed = await sealToken('token', KEY);
    await expect(openToken(sealed, Buffer.alloc(32, 8).toString('base64'))).rejects.toThrow();
    await expect(openToken(`${sealed.slice(0, -2)}AA`, KEY)).rejects.toThrow();
    await expect(sealToken('token', undefined)).rejects.toThrow('SOCIAL_TOKEN_KEY');
  });
});
