import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

/** The worker's only way to Supabase: supabase-js with the service-role key (runs unchanged on hosted). */
export function serviceClient(url: string, serviceRoleKey: string): SupabaseClient {
  return createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket and realtime-js refuses to construct without one (unused here).
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}
