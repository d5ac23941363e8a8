import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { anonClient, createUser, signIn, type TestUser } from '../helpers/clients.js';

/**
 * Edge functions through supabase.functions.invoke: supabase/functions/hello-devstack runs
 * unchanged in real Deno (Deno.serve, npm: imports, Deno.env) behind hosted Supabase's verify_jwt
 * relay; each function in its own worker, reloaded when its files change, its failures answered as
 * hosted answers them.
 */
let user: TestUser;
let client: SupabaseClient;

/** The HTTP status and JSON body of a failed invoke. */
async function failure(result: { error: unknown }): Promise<{ status: number; body: unknown }> {
  expect(result.error).toBeInstanceOf(FunctionsHttpError);
  const response = (result.error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  user = await createUser();
  client = await signIn(user.email, user.password);
});

describe('edge functions', () => {
  it("runs hello-devstack with the signed-in user's JWT", async () => {
    const { data, error } = await client.functions.invoke('hello-devstack', { body: { ping: true } });
    expect(error).toBeNull();
    expect(data).toEqual({ message: 'hello', user_id: user.id, runtime: expect.stringMatching(/^deno 2\.\d+\.\d+$/) });
  });

  it('answers the CORS preflight from the function itself', async () => {
    const { api_url } = inject('devstack');
    const res = await fetch(`${api_url}/functions/v1/hello-devstack`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  it('refuses a request without an Authorization header (verify_jwt)', async () => {
    const result = await anonClient().functions.invoke('hello-devstack', { headers: { Authorization: '' } });
    expect(await failure(result)).toEqual({ status: 401, body: { code: 401, message: 'Missing authorization header' } });
  });

  it('refuses a forged JWT before the function runs', async () => {
    const token = (await client.auth.getSession()).data.session!.access_token;
    const forged = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const result = await client.functions.invoke('hello-devstack', { headers: { Authorization: `Bearer ${forged}` } });
    expect(await failure(result)).toEqual({ status: 401, body: { code: 401, message: 'Invalid JWT' } });
  });

  it("lets the anon key through verify_jwt, and the function's own check answers", async () => {
    const result = await anonClient().functions.invoke('hello-devstack');
    expect(await failure(result)).toEqual({ status: 401, body: { message: 'not signed in' } });
  });

  it('answers 404 for an unknown function and for shared code folders', async () => {
    for (const name of ['no-such-function', '_shared']) {
      const result = await client.functions.invoke(name);
      expect(await failure(result)).toEqual({ status: 404, body: { code: 'NOT_FOUND', message: 'Requested function was not found' } });
    }
  });
});

describe('the Deno runtime', () => {
  // Functions written for these tests, in supabase/functions under names no real function has
  // (removed afterwards), and called with the anon key (verify_jwt is on by default).
  const made: string[] = [];
  const dir = path.resolve('supabase/functions');
  const write = (name: string, source: string) => {
    mkdirSync(path.join(dir, name), { recursive: true });
    writeFileSync(path.join(dir, name, 'index.ts'), source);
    if (!made.includes(name)) made.push(name);
  };
  const call = async (name: string) => {
    const { api_url, anon_key } = inject('devstack');
    const res = await fetch(`${api_url}/functions/v1/${name}`, { method: 'POST', headers: { apikey: anon_key, Authorization: `Bearer ${anon_key}` }, body: '{}' });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  afterAll(() => {
    for (const name of made) rmSync(path.join(dir, name), { recursive: true, force: true });
  });

  it('runs each function in its own isolate: module state and globals are not shared', async () => {
    const [a, b] = [`zz-test-${randomUUID().slice(0, 8)}`, `zz-test-${randomUUID().slice(0, 8)}`];
    const counter = (tag: string) => `let calls = 0;\n(globalThis as Record<string, unknown>).tag ??= '${tag}';\nDeno.serve(() => Response.json({ calls: ++calls, tag: (globalThis as Record<string, unknown>).tag }));\n`;
    write(a, counter('a'));
    write(b, counter('b'));
    expect((await call(a)).body).toEqual({ calls: 1, tag: 'a' });
    expect((await call(a)).body).toEqual({ calls: 2, tag: 'a' });
    expect((await call(b)).body).toEqual({ calls: 1, tag: 'b' });
  });

  it('serves an edited function from its next request, as `supabase functions serve` does', async () => {
    const name = `zz-test-${randomUUID().slice(0, 8)}`;
    write(name, `Deno.serve(() => Response.json({ version: 1 }));\n`);
    expect((await call(name)).body).toEqual({ version: 1 });
    write(name, `Deno.serve(() => Response.json({ version: 2 }));\n`);
    // A later mtime whatever the file system's clock granularity.
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(dir, name, 'index.ts'), later, later);
    expect((await call(name)).body).toEqual({ version: 2 });
  });

  it('answers 503 BOOT_ERROR for a function that cannot load, 500 WORKER_ERROR for one that throws, and goes on serving the others', async () => {
    const broken = `zz-test-${randomUUID().slice(0, 8)}`;
    const throwing = `zz-test-${randomUUID().slice(0, 8)}`;
    write(broken, `import './missing.ts';\nDeno.serve(() => new Response('never'));\n`);
    write(throwing, `Deno.serve(() => { throw new Error('boom'); });\n`);
    expect(await call(broken)).toEqual({ status: 503, body: { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' } });
    expect(await call(throwing)).toEqual({ status: 500, body: { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' } });
    const { data } = await client.functions.invoke('hello-devstack');
    expect(data).toMatchObject({ message: 'hello' });
  });
});
