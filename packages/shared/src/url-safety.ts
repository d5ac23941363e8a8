// Where a user may point an outgoing webhook, and which hosts are private (no Deno or npm imports:
// the Node tests import it too; the competitor-ad link check uses isPrivateHost).
// The form of the URL is checked here, when the endpoint is saved; the worker checks every address
// the name resolves to again at each delivery (a name can be re-pointed later).

const PRIVATE_NAME = /^(localhost|.*\.localhost|.*\.local|.*\.internal|metadata)$/i;

/** An IPv4 literal's four numbers, or null. */
function ipv4(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((n) => n <= 255) ? parts : null;
}

/** Whether an IPv4 address is anything but global unicast (RFC 6890's special-purpose blocks). */
function specialIpv4([a = 0, b = 0, c = 0]: number[]): boolean {
  return a === 0 || a === 10 || a === 127 || a >= 224 ||
    (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) || (a === 192 && b === 88 && c === 99) || (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) || (a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113);
}

/** An IPv6 literal's eight 16-bit groups (an embedded IPv4 tail included), or null. */
function ipv6(host: string): number[] | null {
  if (!host.includes(':') || !/^[0-9a-f:.]+$/i.test(host)) return null;
  let text = host;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail) {
    const v4 = ipv4(tail);
    if (!v4) return null;
    text = `${text.slice(0, -tail.length)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (t: string) => (t ? t.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN)) : []);
  const [head, rest] = [part(halves[0]!), halves.length === 2 ? part(halves[1]!) : []];
  const fill = 8 - head.length - rest.length;
  if (halves.length === 1 ? fill !== 0 : fill < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? fill : 0).fill(0), ...rest];
  return groups.some(Number.isNaN) ? null : groups;
}

/**
 * Whether an IPv6 address is anything but global unicast: only 2000::/3 is, less its special
 * blocks (2001::/23 protocol assignments with Teredo, 2001:db8::/32 and 3fff::/20 documentation,
 * 2002::/16 6to4). Everything else — ::/8 (IPv4-compatible and -mapped forms, ::ffff:0:0/96,
 * ::a.b.c.d), 64:ff9b::/96 and 64:ff9b:1::/48 (NAT64), fc00::/7, fec0::/10, fe80::/10, ff00::/8 — is not.
 */
function specialIpv6(g: number[]): boolean {
  const first = g[0]!;
  if ((first & 0xe000) !== 0x2000) return true;
  if (first === 0x2001 && (g[1]! < 0x200 || g[1] === 0xdb8)) return true;
  if (first === 0x2002) return true;
  if ((first & 0xfff0) === 0x3ff0) return true;
  return false;
}

/**
 * Whether a URL's host names a private, loopback, link-local (cloud metadata), reserved or
 * local-only place by its form: a reserved name, or an address literal that is not global unicast
 * (IPv4 in any of its IPv6 spellings included). Brackets of an IPv6 literal are ignored. The worker
 * checks the addresses a public-looking name resolves to when it connects.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (PRIVATE_NAME.test(host) || /^\d+$/.test(host) || /^0x/i.test(host)) return true;
  const v4 = ipv4(host);
  if (v4) return specialIpv4(v4);
  if (/^[\d.]+$/.test(host)) return true; // a short or odd numeric form (010.1, 1.2.3)
  const v6 = ipv6(host);
  if (v6) return specialIpv6(v6);
  return host.includes(':');
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

/**
 * Why a competitor's ad cannot be fetched from this link, in the user's words; null when it can be
 * tried. Checked before any credit is reserved; the worker checks the resolved addresses again.
 */
export function adLinkProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'This is not a web address.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Only http and https links can be analysed.';
  if (url.username || url.password) return 'Links with a user name or password are not fetched.';
  if (url.port && url.port !== '80' && url.port !== '443') return 'Only the standard web ports are fetched.';
  if (isPrivateHost(url.hostname.replace(/^\[|\]$/g, ''))) return 'This link points at a private address and is not fetched.';
  return null;
}
