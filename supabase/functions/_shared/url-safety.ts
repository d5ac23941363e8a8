// Where a user may point an outgoing webhook, and which hosts are private (no Deno or npm imports:
// the Node tests import it too; the competitor-ad link check uses isPrivateHost).
// The form of the URL is checked here, when the endpoint is saved; the worker checks every address
// the name resolves to again at each delivery (a name can be re-pointed later).

const PRIVATE_HOST =
  /^(localhost|.*\.localhost|.*\.local|.*\.internal|metadata|0\.|10\.|127\.|169\.254\.|172\.(1[6-9]|2\d|3[01])\.|192\.168\.|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.|::1?$|::ffff:|f[cd][0-9a-f]{2}:|fe80:)/i;

/**
 * Whether a URL's host names a private, loopback, link-local (cloud metadata) or local-only place,
 * by its form (a literal address or a reserved name). Brackets of an IPv6 literal are ignored.
 * The worker checks the addresses a public-looking name resolves to when it connects.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return PRIVATE_HOST.test(host) || /^\d+$/.test(host);
}

/** `host:port` or `host:*` entries (a local n8n, a test receiver) that may be private, from configuration. */
export function parseAllowHosts(raw: string | undefined): string[] {
  return (raw ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
}

export function isAllowedHost(host: string, port: string, allowHosts: string[]): boolean {
  const h = host.toLowerCase();
  return allowHosts.includes(`${h}:${port}`) || allowHosts.includes(`${h}:*`);
}

/** Why this URL cannot receive webhooks, in the user's words; null when it can. */
export function webhookUrlProblem(raw: string, allowHosts: string[] = []): string | null {
  if (raw.length > 2048) return 'The URL is too long.';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a full URL, starting with https://';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Webhooks are sent over https (or http) only.';
  if (url.username || url.password) return 'Put credentials in your receiver, not in the URL: every request is signed.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  if (isAllowedHost(host, port, allowHosts)) return null;
  if (isPrivateHost(host)) return 'This URL points at a private or local address, which webhooks are never sent to.';
  if (port !== '80' && port !== '443') return 'Webhooks are sent to the standard ports (443 or 80) only.';
  return null;
}
