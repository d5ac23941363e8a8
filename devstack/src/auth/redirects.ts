/**
 * Where GoTrue is allowed to send the browser after a link or OAuth: site_url's origin,
 * loopback addresses, or a URL matching one of additional_redirect_urls (globs with `.` and `/`
 * as separators, like gobwas/glob). Anything else falls back to site_url.
 */

export interface RedirectConfig {
  siteUrl: string;
  additionalRedirectUrls: string[];
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function globToRegExp(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i]!;
    if (char === '*' && pattern[i + 1] === '*') {
      out += '.*';
      i += 1;
    } else if (char === '*') out += '[^./]*';
    else if (char === '?') out += '[^./]';
    else if (char === '{') {
      const end = pattern.indexOf('}', i);
      if (end < 0) out += '\\{';
      else {
        const options = pattern.slice(i + 1, end).split(',').map((option) => option.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
        out += `(?:${options.join('|')})`;
        i = end;
      }
    } else out += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

function isLoopback(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

export function isRedirectUrlValid(config: RedirectConfig, redirectUrl: string): boolean {
  if (!redirectUrl) return false;
  // Bare decimal IPs are never allowed. WHATWG URL rewrites `http://2130706433/` to 127.0.0.1,
  // so look at the host as written.
  const writtenHost = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^:/?#]+)/i.exec(redirectUrl)?.[1] ?? '';
  if (/^[0-9]+$/.test(writtenHost)) return false;
  let base: URL;
  let target: URL;
  try {
    base = new URL(config.siteUrl);
    target = new URL(redirectUrl);
  } catch {
    return false;
  }
  if (
    base.hostname === target.hostname &&
    base.protocol === target.protocol &&
    (base.port === target.port || isLoopback(target.hostname))
  ) {
    return true;
  }
  // Loopback IPs are always allowed (RFC 8252 native apps).
  if (/^\d+\.\d+\.\d+\.\d+$/.test(target.hostname) || target.hostname.startsWith('[')) return isLoopback(target.hostname);
  const withoutFragment = redirectUrl.split('#')[0]!;
  return config.additionalRedirectUrls.some((pattern) => globToRegExp(pattern).test(withoutFragment));
}

/** GoTrue's GetReferrer: `redirect_to` (query or body), then the Referer header, then site_url. */
export function pickRedirect(config: RedirectConfig, candidates: (string | undefined | null)[]): string {
  for (const candidate of candidates) {
    if (candidate && isRedirectUrlValid(config, candidate)) return candidate;
  }
  return config.siteUrl;
}

/** Appends the session (or error) as a URL fragment, keys sorted like Go's url.Values.Encode. */
export function withFragment(target: string, params: Record<string, string>): string {
  const base = target.split('#')[0]!;
  const keys = Object.keys(params).sort();
  const encoded = keys.map((key) => `${formEncode(key)}=${formEncode(params[key]!)}`).join('&');
  return `${base}#${encoded}`;
}

/** Adds query parameters (e.g. `code` for PKCE), keeping the existing ones. */
export function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** application/x-www-form-urlencoded as Go's url.QueryEscape does it (space → '+'). */
function formEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/%20/g, '+')
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
