import { describe, expect, it } from 'vitest';
import { addressHash, clientAddress, limitKey, trustedHops } from './client-address.ts';

const headers = (...forwarded: string[]) => {
  const h = new Headers();
  for (const f of forwarded) h.append('x-forwarded-for', f);
  return h;
};

describe('clientAddress', () => {
  it('takes the entry the trusted proxy appended, not what the client wrote before it', () => {
    expect(clientAddress(headers('198.51.100.7'))).toBe('198.51.100.7');
    expect(clientAddress(headers('1.1.1.1, 2.2.2.2, 198.51.100.7'))).toBe('198.51.100.7');
    // A second header sent by the client comes before the proxy's: still the last entry.
    expect(clientAddress(headers('1.1.1.1', '198.51.100.7'))).toBe('198.51.100.7');
  });

  it('counts more proxies from the right when told to', () => {
    expect(clientAddress(headers('9.9.9.9, 198.51.100.7, 10.0.0.2'), 2)).toBe('198.51.100.7');
    expect(clientAddress(headers('10.0.0.2'), 2)).toBeNull();
  });

  it('knows no address without the header, or with an entry that is not an address', () => {
    expect(clientAddress(new Headers())).toBeNull();
    expect(clientAddress(headers('1.2.3.4, unknown'))).toBeNull();
    expect(clientAddress(headers('1.2.3.4, '))).toBeNull();
    expect(clientAddress(headers('1.2.3.4, 999.1.1.1'))).toBeNull();
  });
});

describe('limitKey', () => {
  it('keeps IPv4, counts IPv6 by its /64 and IPv4-mapped IPv6 as IPv4', () => {
    expect(limitKey('203.0.113.9')).toBe('203.0.113.9');
    expect(limitKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(limitKey('2001:db8:1:2::ffff')).toBe('2001:db8:1:2::/64');
    expect(limitKey('[2001:DB8:1:2::1]')).toBe('2001:db8:1:2::/64');
    expect(limitKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(limitKey('::ffff:cb00:7109')).toBe('203.0.113.9');
    expect(limitKey('::1')).toBe('0:0:0:0::/64');
  });

  it.each(['', 'localhost', '1.2.3', '01.2.3.4', '1.2.3.4.5', '0x7f.0.0.1', '2001:db8::1::2', '1:2:3:4:5:6:7:8:9', 'fe80::1%eth0', '12345::1'])('refuses %j', (entry) => {
    expect(limitKey(entry)).toBeNull();
  });
});

describe('trustedHops', () => {
  it('reads 1–5 and falls back to 1', () => {
    expect(trustedHops(undefined)).toBe(1);
    expect(trustedHops('2')).toBe(2);
    expect(trustedHops('0')).toBe(1);
    expect(trustedHops('x')).toBe(1);
  });
});

describe('addressHash', () => {
  it('is a keyed hash: the same address gives another value under another key, and never contains the address', async () => {
    const a = await addressHash('203.0.113.9', 'key-one');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await addressHash('203.0.113.9', 'key-one')).toBe(a);
    expect(await addressHash('203.0.113.9', 'key-two')).not.toBe(a);
    expect(await addressHash('203.0.113.10', 'key-one')).not.toBe(a);
    await expect(addressHash('203.0.113.9', '')).rejects.toThrow(/key/);
  });
});
