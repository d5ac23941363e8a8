// Platform tokens at rest: AES-256-GCM with a key from the functions' environment
// (SOCIAL_TOKEN_KEY, 32 bytes in base64). Stored as `v1.<iv>.<ciphertext>` (base64url), so a
// database dump alone never yields a usable token.

import { base64url, fromBase64url } from './base64url.ts';

async function key(raw: string | undefined): Promise<CryptoKey> {
  const bytes = raw ? fromBase64url(raw) : new Uint8Array();
  if (bytes.length !== 32) throw new Error('SOCIAL_TOKEN_KEY must be 32 bytes in base64');
  return crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function sealToken(token: string, rawKey: string | undefined): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await key(rawKey), new TextEncoder().encode(token)));
  return `v1.${base64url(iv)}.${base64url(sealed)}`;
}

export async function openToken(stored: string, rawKey: string | undefined): Promise<string> {
  const [version, iv, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !sealed) throw new Error('Not a sealed token');
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64url(iv) }, await key(rawKey), fromBase64url(sealed));
  return new TextDecoder().decode(plain);
}
