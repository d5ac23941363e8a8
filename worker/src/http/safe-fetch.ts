import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { isAllowedHost } from '@shotcraft/shared/url-safety.ts';
import { WorkerError } from './errors.js';

/**
 * Fetching a URL a user gave (a competitor's ad) without letting them reach inside our network
 * (SSRF): http(s) only, no credentials in the URL, ports 80 and 443; every address the name
 * resolves to must be public, and the connection goes to the address that was checked (no DNS
 * rebinding); redirects are followed by hand, at most 3, each checked again; only image or video
 * bodies, at most `maxBytes`. A refused URL is never requested.
 */
/**
 * Whether an address may not be reached: anything but global unicast. ipaddr.js knows the special
 * blocks (loopback, private, link-local and cloud metadata, carrier-grade NAT, multicast, reserved,
 * documentation, 6to4, Teredo, NAT64, site-local, unique local, IPv4 in its IPv6 forms); only what
 * it calls 'unicast' (and, for IPv6, inside 2000::/3) is public. A block list missed `::a.b.c.d`,
 * `::ffff:0:a.b.c.d`, 2002::/16, 64:ff9b:1::/48 and fec0::/10.
 */
export function isPrivateAddress(address: string): boolean {
  if (!isIP(address)) return true;
  try {
    const parsed = ipaddr.process(address);
    if (parsed.range() !== 'unicast') return true;
    // ipaddr.js calls whatever it has no name for 'unicast': IPv4-compatible ::a.b.c.d written in
    // hex (::7f00:1) and unallocated space among it. Only 2000::/3 is global unicast IPv6.
    return parsed.kind() === 'ipv6' && ((parsed as ipaddr.IPv6).parts[0]! & 0xe000) !== 0x2000;
  } catch {
    return true;
  }
}

const adRefusal = (why: string) => new WorkerError('url_refused', `This link cannot be fetched: ${why}. Upload the ad as a file instead.`);

export interface SafeFetchOptions {
  maxBytes: number;
  /** Content types accepted (prefixes): e.g. ['image/', 'video/']. */
  accept: string[];
  /** host:port pairs that may be private (an internal CDN, a test server), from configuration. */
  allowHosts?: string[];
  /** For one answer to begin (default 15 s). */
  timeoutMs?: number;
  /** For the whole fetch, redirects and body included (default 30 s): a site that drips bytes is cut off. */
  totalMs?: number;
}

export interface CheckedUrl {
  url: URL;
  address: string;
  family: 4 | 6;
}

/**
 * Checks a URL's form and, resolving it, every address: the address to connect to, or a refusal
 * (`refuse` words it for the caller; the default speaks of an ad). `allowHosts` entries are `host:port` or `host:*`.
 */
export async function checkUrl(raw: string, allowHosts: string[] = [], refuse: (why: string) => Error = adRefusal): Promise<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('it is not a web address');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('only http and https links are fetched');
  if (url.username || url.password) throw refuse('links with a user name or password are not fetched');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const allowed = isAllowedHost(host, port, allowHosts);
  if (!allowed && port !== '80' && port !== '443') throw refuse('only the standard web ports are fetched');
  if (!allowed && /^(localhost|.*\.localhost|.*\.local|.*\.internal)$/i.test(host)) throw refuse('it points at a private address');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true }).catch(() => []);
  if (addresses.length === 0) throw refuse('the site could not be found');
  if (!allowed && addresses.some((a) => isPrivateAddress(a.address))) throw refuse('it points at a private address');
  return { url, address: addresses[0]!.address, family: addresses[0]!.family === 6 ? 6 : 4 };
}

/** A DNS lookup that answers the address that was checked, whatever the name resolves to now. */
export function pinnedLookup(target: CheckedUrl): http.RequestOptions['lookup'] {
  return (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else (callback as (e: null, a: string, f: number) => void)(null, target.address, target.family);
  };
}

const tooSlow = () => adRefusal('the site took too long to answer');

function request(target: CheckedUrl, timeoutMs: number, signal: AbortSignal): Promise<http.IncomingMessage> {
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      target.url,
      {
        lookup: pinnedLookup(target),
        headers: { 'User-Agent': 'ShotcraftAdAnalyzer/1.0', Accept: 'image/*,video/*' },
        timeout: timeoutMs,
        signal,
      },
      resolve,
    );
    req.on('timeout', () => req.destroy(tooSlow()));
    req.on('error', (err) => reject(err instanceof WorkerError ? err : signal.aborted ? tooSlow() : adRefusal('the site could not be reached')));
  });
}

/** The body behind a user's URL, within the rules above, all of it within `totalMs`. */
export async function safeFetch(raw: string, options: SafeFetchOptions): Promise<{ body: Buffer; contentType: string; finalUrl: string }> {
  const signal = AbortSignal.timeout(options.totalMs ?? 30_000);
  try {
    return await fetchWithin(raw, options, signal);
  } catch (err) {
    if (signal.aborted && !(err instanceof WorkerError)) throw tooSlow();
    throw err;
  }
}

async function fetchWithin(raw: string, options: SafeFetchOptions, signal: AbortSignal): Promise<{ body: Buffer; contentType: string; finalUrl: string }> {
  let target = await checkUrl(raw, options.allowHosts);
  for (let hop = 0; hop <= 3; hop++) {
    if (signal.aborted) throw tooSlow();
    const res = await request(target, options.timeoutMs ?? 15_000, signal);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (hop === 3) throw adRefusal('it redirects too many times');
      target = await checkUrl(new URL(res.headers.location, target.url).toString(), options.allowHosts);
      continue;
    }
    if (status !== 200) {
      res.resume();
      throw adRefusal(`the site answered ${status}`);
    }
    const contentType = String(res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!options.accept.some((prefix) => contentType.startsWith(prefix))) {
      res.destroy();
      throw adRefusal(`it is ${contentType || 'not'} an image or a video`);
    }
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      res.destroy();
      throw adRefusal(`it is over ${Math.round(options.maxBytes / 1024 / 1024)} MB`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res) {
      size += (chunk as Buffer).length;
      if (size > options.maxBytes) {
        res.destroy();
        throw adRefusal(`it is over ${Math.round(options.maxBytes / 1024 / 1024)} MB`);
      }
      chunks.push(chunk as Buffer);
    }
    return { body: Buffer.concat(chunks), contentType, finalUrl: target.url.toString() };
  }
  throw adRefusal('it redirects too many times');
}
