import { describe, expect, it } from 'vitest';
import { signatureOf, verifySignature } from './sign.js';

describe('webhook signatures', () => {
  const body = JSON.stringify({ id: 'evt', type: 'generation.completed', data: { job_id: 'j' } });
  const now = 1_790_000_000;

  it('verifies with the secret and the exact body, within 5 minutes', () => {
    const header = signatureOf('whsec_a', body, now);
    expect(header).toMatch(/^t=1790000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature('whsec_a', body, header, 300, now + 299)).toBe(true);
  });

  it('refuses another secret, a changed body, an old or a forged timestamp', () => {
    const header = signatureOf('whsec_a', body, now);
    expect(verifySignature('whsec_b', body, header, 300, now)).toBe(false);
    expect(verifySignature('whsec_a', body.replace('j', 'k'), header, 300, now)).toBe(false);
    expect(verifySignature('whsec_a', body, header, 300, now + 301)).toBe(false);
    expect(verifySignature('whsec_a', body, header.replace(`t=${now}`, `t=${now + 60}`), 300, now)).toBe(false);
    expect(verifySignature('whsec_a', body, 'v1=abc', 300, now)).toBe(false);
  });
});
