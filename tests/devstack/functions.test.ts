import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { anonClient, createUser, signIn, type TestUser } from '../helpers/clients.js';

/**
 * Edge functions through supabase.functions.invoke: supabase/functions/hello-devstack runs
 * unchanged (Deno.serve, npm: imports, Deno.env) behind hosted Supabase's verify_jwt relay.
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
    expect(data).toEqual({ message: 'hello', user_id: user.id });
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
