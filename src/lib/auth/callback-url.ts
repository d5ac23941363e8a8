import { paths } from '@/config/paths';

/**
 * Where auth e-mails and providers send the browser back: the auth callback route, the only place
 * that takes a sign-in from the URL (a PKCE code this browser started, or an invitation's
 * fragment), which then goes on to `next`. A session handed to any other page is ignored, so a
 * link cannot sign a visitor into someone else's account (login CSRF).
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

/** Whether a path is one of the auth callback routes (/auth/callback, /auth/social/callback, /auth/*). */
export function isAuthCallbackPath(pathname: string): boolean {
  return pathname === paths.authCallback || pathname.startsWith('/auth/');
}
