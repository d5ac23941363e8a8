// The service-role client. Only edge functions import it, and only after they have verified the
// caller and checked what the caller owns with a user-scoped client.
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2';

let admin: SupabaseClient | undefined;

export function adminClient(): SupabaseClient {
  admin ??= createClient(Deno.env.get('SUPABASE_URL') ?? '', Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '', {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  return admin;
}
