// Where a public request comes from, for per-address limits (the visitor's lightbox trial).
//
// What we trust: X-Forwarded-For as the gateway in front of the functions leaves it. A proxy
// appends the address it received the request from, so the right end of the list is written by
// proxies and the left end by whoever sent the request. Counting `hops` proxies we trust from the
// right (TRUST_PROXY_HOPS, default 1: the devstack's relay, like hosted Supabase's gateway, appends
// its peer), the entry they wrote is the client; anything a client puts further left is ignored,
// so a forged header cannot make a new address. When the list is shorter than that, or the entry
// is not an IP address, the address is unknown and the caller refuses the request.
//
// IPv6 clients usually hold a whole /64, so an IPv6 address counts as its /64; IPv4-mapped IPv6 is
// the IPv4 address.

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(input: string): number[] | null {
  if (!/^[0-9a-f:.]+$/i.test(input) || input.length > 45) return null;
  let text = input;
  // A dotted IPv4 tail (::ffff:1.2.3.4) is the last two groups.
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    if (!IPV4.test(dotted[1]!)) return null;
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  } else if (text.includes('.')) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN)));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  if ([...head, ...tail].some(Number.isNaN)) return null;
  const known = head.length + tail.length;
  if (halves.length === 2 ? known > 7 : known !== 8) return null;
  return [...head, ...Array<number>(8 - known).fill(0), ...tail];
}

/** The address a limit counts: an IPv4 address, or an IPv6 /64 prefix; null for anything else. */
export function limitKey(entry: string): string | null {
  const text = entry.trim().replace(/^\[(.*)\]$/, '$1');
  if (IPV4.test(text)) return text;
  const groups = ipv6Groups(text);
  if (!groups) return null;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** The client's address as the trusted proxies recorded it (see above), or null when unknown. */
export function clientAddress(headers: Headers, hops = 1): string | null {
  // Several X-Forwarded-For headers are one list, in order (Headers.get joins them with ", ").
  const list = (headers.get('x-forwarded-for') ?? '').split(',').map((e) => e.trim());
  if (!Number.isInteger(hops) || hops < 1 || list.length < hops) return null;
  const entry = list[list.length - hops]!;
  return entry ? limitKey(entry) : null;
}

/** The number of proxies whose X-Forwarded-For entries are trusted (TRUST_PROXY_HOPS, default 1). */
export function trustedHops(raw: string | undefined): number {
  const hops = Number(raw ?? '1');
  return Number.isInteger(hops) && hops >= 1 && hops <= 5 ? hops : 1;
}

/**
 * What is stored instead of the address: HMAC-SHA256 keyed with a server secret, in hex. A plain
 * hash of an IPv4 address is reversed by trying all 2³² of them; without the key it is not.
 */
export async function addressHash(address: string, secret: string): Promise<string> {
  if (!secret) throw new Error('No key to hash client addresses with');
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(`shotcraft-trial:${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(address)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}
