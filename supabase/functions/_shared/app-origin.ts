// Where Checkout and the portal may send a user back: the calling page's origin, when it is one of
// the app's (APP_ORIGINS: `https://app.example.com`, `http://localhost:*`). Never a URL from the body.

export function parseOrigins(raw: string | undefined): string[] {
  return (raw ?? '').split(',').map((o) => o.trim().toLowerCase().replace(/\/+$/, '')).filter(Boolean);
}

/** The origin when it matches an allowed entry (a `:*` port matches any port), else null. */
export function allowedOrigin(origin: string | null, allowed: string[]): string | null {
  if (!origin) return null;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const exact = `${url.protocol}//${url.host}`.toLowerCase();
  const anyPort = `${url.protocol}//${url.hostname}:*`.toLowerCase();
  return allowed.includes(exact) || allowed.includes(anyPort) ? exact : null;
}

/** A path inside the app (`/billing?x=1`), never another origin (`//evil`, `https:`). */
export function appPath(raw: unknown, fallback: string): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || raw.length > 200) return fallback;
  return raw;
}
