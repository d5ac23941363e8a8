import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { inject } from 'vitest';
import WebSocket from 'ws';
import './devstack-context.js';

const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  // Node 20 has no global WebSocket; realtime-js refuses to construct without one.
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
};

/** A client with only the anon key, as a signed-out browser has. */
export function anonClient(): SupabaseClient {
  const { api_url, anon_key } = inject('devstack');
  return createClient(api_url, anon_key, options);
}

/** A client with the service_role key (bypasses RLS), as the worker and edge functions have. */
export function serviceClient(): SupabaseClient {
  const { api_url, service_role_key } = inject('devstack');
  return createClient(api_url, service_role_key, options);
}

/** An address no other test (or earlier run) uses. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

/** Creates a user through the admin API; confirmed (able to sign in) unless told otherwise. */
export async function createUser(
  opts: { email?: string; password?: string; confirmed?: boolean; data?: Record<string, unknown> } = {},
): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? `pw-${randomUUID()}`;
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: opts.confirmed ?? true,
    user_metadata: opts.data,
  });
  if (error || !data.user) throw new Error(`createUser(${email}) failed: ${error?.message ?? 'no user returned'}`);
  return { id: data.user.id, email, password };
}

/** A client signed in with e-mail and password; its requests carry that user's access token. */
export async function signIn(email: string, password: string): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`signIn(${email}) failed: ${error.message}`);
  return client;
}

/** A connected superuser client on the test database (fixtures only). The caller ends it. */
export async function pgClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: inject('devstack').db_url });
  await client.connect();
  return client;
}
