import { PostgrestClient } from '@supabase/postgrest-js';
import { StorageClient } from '@supabase/storage-js';
import type { Database } from '@/types/database.types';
import { env } from './env';

/**
 * Anonymous, read-only access to public data for the landing page: supabase-js's own REST and
 * Storage clients, without its auth and realtime parts (about 13 KB gzip instead of 56 KB). They
 * speak the same protocol with the anon key, exactly as `supabase()` does for a visitor who is
 * not signed in. Anything that needs the user's session uses `supabase()` (src/lib/supabase.ts).
 * Only service modules under src/features/<f>/api call these.
 */
let rest: PostgrestClient<Database> | undefined;
let storage: StorageClient | undefined;

function anonHeaders() {
  const { VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY } = env();
  return { url: VITE_SUPABASE_URL.replace(/\/+$/, ''), headers: { apikey: VITE_SUPABASE_ANON_KEY, Authorization: `Bearer ${VITE_SUPABASE_ANON_KEY}` } };
}

export function publicRest(): PostgrestClient<Database> {
  if (!rest) {
    const { url, headers } = anonHeaders();
    rest = new PostgrestClient<Database>(`${url}/rest/v1`, { headers });
  }
  return rest;
}

export function publicStorage(): StorageClient {
  if (!storage) {
    const { url, headers } = anonHeaders();
    storage = new StorageClient(`${url}/storage/v1`, headers);
  }
  return storage;
}

/** GET a public edge function (verify_jwt off) with the anon key, as functions.invoke would. */
export function publicFunction(name: string, params: Record<string, string>): Promise<Response> {
  const { url, headers } = anonHeaders();
  return fetch(`${url}/functions/v1/${name}?${new URLSearchParams(params)}`, { headers });
}

/** POST a file to a public edge function (verify_jwt off) with the anon key: the body is the file itself. */
export function postToPublicFunction(name: string, file: Blob): Promise<Response> {
  const { url, headers } = anonHeaders();
  return fetch(`${url}/functions/v1/${name}`, { method: 'POST', headers: { ...headers, 'Content-Type': file.type || 'application/octet-stream' }, body: file });
}
