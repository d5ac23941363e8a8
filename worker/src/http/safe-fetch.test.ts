import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateHost } from '@shotcraft/shared/url-safety.ts';
import { checkUrl, isPrivateAddress, safeFetch } from './safe-fetch.js';

let server: http.Server;
let base: string;
let hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/ad.png') return res.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    if (req.url === '/page') return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>');
    if (req.url === '/big') return res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(Buffer.alloc(2048));
    if (req.url === '/to-metadata') return res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (req.url === '/to-ad') return res.writeHead(301, { Location: '/ad.png' }).end();
    if (req.url === '/drip') {
      // An image that arrives a byte every 100 ms, forever: no gap is long enough for an idle timeout.
      res.writeHead(200, { 'Content-Type': 'image/png' });
      const timer = setInterval(() => res.write(Buffer.from([0])), 100);
      res.on('close', () => clearInterval(timer));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const allow = () => [base.replace('http://', '')];
const options = (extra = {}) => ({ maxBytes: 1024, accept: ['image/', 'video/'], ...extra });

describe('SSRF rules', () => {
  it('knows loopback, private, link-local (metadata), CGNAT and mapped addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPrivateAddress(a), a).toBe(false);
  });

  // The forms a block list of prefixes missed, and the same list for the form check of a URL's host.
  const SPECIAL = ['::10.0.0.1', '::127.0.0.1', '::7f00:1', '::a9fe:a9fe', '4000::1', 'fe00::1', '::ffff:0:10.0.0.1', '::ffff:0:7f00:1', '2002:a00:1::1', '2002:7f00:1::', '64:ff9b::10.0.0.1', '64:ff9b:1::a00:1', 'fec0::1', '2001::1', '2001:db8::1', '3fff::1', 'ff02::1', '::', '192.0.0.8', '198.18.0.1', '224.0.0.1', '255.255.255.255'];
  const GLOBAL = ['8.8.8.8', '151.101.1.69', '2606:4700:4700::1111', '2a00:1450:4001:82b::200e'];

  it('allows only global unicast: IPv4 in its IPv6 forms, 6to4, NAT64, Teredo, site-local and documentation are refused', () => {
    for (const a of SPECIAL) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of GLOBAL) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('the URL form check (functions) agrees on address literals', () => {
    for (const a of SPECIAL) expect(isPrivateHost(a.includes(':') ? `[${a}]` : a), a).toBe(true);
    for (const a of GLOBAL) expect(isPrivateHost(a.includes(':') ? `[${a}]` : a), a).toBe(false);
    for (const name of ['localhost', 'printer.local', 'metadata', 'db.internal', '2130706433', '0x7f000001', '0177.0.0.1', '127.1']) expect(isPrivateHost(name), name).toBe(true);
    expect(isPrivateHost('example.com')).toBe(false);
  });

  it.each([
    ['http://127.0.0.1/ad.png', 'private address'],
    ['http://localhost/ad.png', 'private address'],
    ['http://169.254.169.254/latest/meta-data/', 'private address'],
    ['http://[::1]/ad.png', 'private address'],
    ['http://2130706433/ad.png', 'private address'],
    ['http://0x7f.1/ad.png', 'private address'],
    ['file:///etc/passwd', 'only http and https'],
    ['gopher://example.com/', 'only http and https'],
    ['http://user:pass@example.com/ad.png', 'user name or password'],
    ['http://example.com:8080/ad.png', 'standard web ports'],
    ['not a url', 'not a web address'],
  ])('refuses %s', async (url, why) => {
    await expect(checkUrl(url)).rejects.toMatchObject({ code: 'url_refused', message: expect.stringContaining(why) });
  });

  it('never requests a refused address: a redirect to the metadata service stops at the redirect', async () => {
    hits = [];
    await expect(safeFetch(`${base}/to-metadata`, options({ allowHosts: allow() }))).rejects.toMatchObject({ code: 'url_refused', message: expect.stringContaining('private address') });
    expect(hits).toEqual(['/to-metadata']);
  });

  it('fetches an image from an allowed host, following a redirect it checks again', async () => {
    const got = await safeFetch(`${base}/to-ad`, options({ allowHosts: allow() }));
    expect([got.contentType, got.body.length]).toEqual(['image/png', 4]);
  });

  it('refuses a page that is not an image or a video, and a body over the limit', async () => {
    await expect(safeFetch(`${base}/page`, options({ allowHosts: allow() }))).rejects.toMatchObject({ message: expect.stringContaining('text/html') });
    await expect(safeFetch(`${base}/big`, options({ allowHosts: allow() }))).rejects.toMatchObject({ message: expect.stringContaining('over') });
  });

  it('gives up on a site that drips its body, at the total deadline, with words for the user', async () => {
    await expect(safeFetch(`${base}/drip`, options({ allowHosts: allow(), maxBytes: 1024 * 1024, timeoutMs: 1000, totalMs: 800 }))).rejects.toMatchObject({
      code: 'url_refused',
      message: expect.stringContaining('took too long'),
    });
  });

  it('refuses the same local server when it is not explicitly allowed', async () => {
    hits = [];
    await expect(safeFetch(`${base}/ad.png`, options())).rejects.toMatchObject({ code: 'url_refused' });
    expect(hits).toEqual([]);
  });
});
