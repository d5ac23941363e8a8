import { paths } from '@/config/paths';

/**
 * Where auth e-mails and providers send the browser back: the auth callback route, which trades
 * the PKCE code (usable only by the browser that asked) for the session and then goes on to `next`.
 */
export function authCallbackUrl(next: string): string {
  return `${window.location.origin}${paths.authCallback}?next=${encodeURIComponent(next)}`;
}

/** `next` when it is a path of this app (never another site, never a scheme); else `fallback`. */
export function safeNext(raw: string | null, fallback: string): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || raw.length > 500) return fallback;
  try {
    const url = new URL(raw, 'http://app.invalid');
    return url.origin === 'http://app.invalid' ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}
