import { describe, expect, it } from 'vitest';
import { createJwt, signHs256 } from './jwt.js';
import { JwtError } from './types.js';

const secret = 'a-test-secret-that-is-at-least-32-characters';
const jwt = createJwt(secret);
const now = () => Math.floor(Date.now() / 1000);
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

async function reason(token: string): Promise<string> {
  const err = await jwt.verify(token).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(JwtError);
  return (err as JwtError).reason;
}

describe('Jwt', () => {
  it('round-trips the claims it signs', async () => {
    const token = await jwt.sign({ role: 'authenticated', sub: 'u1', email: 'a@b.c', exp: now() + 60 });
    await expect(jwt.verify(token)).resolves.toMatchObject({ role: 'authenticated', sub: 'u1', email: 'a@b.c' });
  });

  it('signs deterministically, so the published keys never change', () => {
    const payload = { iss: 'supabase-demo', role: 'anon', iat: 1, exp: 2 };
    expect(signHs256(payload, secret)).toBe(signHs256(payload, secret));
  });

  it('rejects an expired token', async () => {
    expect(await reason(await jwt.sign({ role: 'authenticated', exp: now() - 5 }))).toBe('expired');
  });

  it('rejects a token signed with another secret', async () => {
    expect(await reason(await createJwt(`${secret}-other`).sign({ role: 'service_role' }))).toBe('bad_signature');
  });

  it('rejects a token whose payload was changed after signing', async () => {
    const [h, , s] = (await jwt.sign({ role: 'anon' })).split('.');
    expect(await reason(`${h}.${b64({ role: 'service_role' })}.${s}`)).toBe('bad_signature');
  });

  it('rejects alg "none" even without a signature', async () => {
    expect(await reason(`${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role' })}.`)).toBe('bad_alg');
  });

  it('rejects other algorithms', async () => {
    expect(await reason(`${b64({ alg: 'HS512', typ: 'JWT' })}.${b64({ role: 'anon' })}.c2ln`)).toBe('bad_alg');
  });

  it('rejects garbage', async () => {
    expect(await reason('not-a-jwt')).toBe('malformed');
  });

  it('treats a valid token without a role as anon, as PostgREST does', async () => {
    await expect(jwt.verify(signHs256({ sub: 'x' }, secret))).resolves.toMatchObject({ role: 'anon' });
  });
});
