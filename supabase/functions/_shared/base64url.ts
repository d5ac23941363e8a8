// base64url without padding (RFC 4648 §5): secrets, OAuth states, PKCE challenges, sealed tokens.

export const base64url = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export const fromBase64url = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** `bytes` random bytes, base64url. */
export const randomBase64url = (bytes: number): string => base64url(crypto.getRandomValues(new Uint8Array(bytes)));
