import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/types/database.types';
import { AUTH_STORAGE_KEY } from './auth/stored-session';
import { env } from './env';

export type Supabase = SupabaseClient<Database>;

let client: Supabase | undefined;

/**
 * The one Supabase client of the browser, created on first use (after the configuration check).
 * Only service modules under src/features/<f>/api call this; components never do.
 */
export function supabase(): Supabase {
  if (!client) {
    const { VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY } = env();
    client = createClient<Database>(VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY, {
      // PKCE: what auth e-mails and Google send back can only be used by the browser that asked.
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false, flowType: 'pkce', storageKey: AUTH_STORAGE_KEY },
    });
  }
  return client;
}

/**
 * For tests that share one module registry: the next supabase() is a new client, as after a page
 * load, and the old one stops its token refresh timer and closes its channels.
 */
export async function dropSupabaseClient(): Promise<void> {
  const old = client;
  client = undefined;
  if (!old) return;
  await old.auth.stopAutoRefresh();
  await old.removeAllChannels();
}
