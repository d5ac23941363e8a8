// A client that acts as the caller (their JWT, their RLS), and the caller's verified user.
import { createClient, type SupabaseClient, type User } from 'npm:@supabase/supabase-js@2';

export interface Caller {
  user: User;
  client: SupabaseClient;
}

/** The verified caller, or null when the Authorization header carries no valid session. */
export async function verifiedCaller(req: Request): Promise<Caller | null> {
  const authorization = req.headers.get('Authorization') ?? '';
  const client = createClient(Deno.env.get('SUPABASE_URL') ?? '', Deno.env.get('SUPABASE_ANON_KEY') ?? '', {
    global: { headers: { Authorization: authorization } },
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await client.auth.getUser(authorization.replace(/^Bearer\s+/i, ''));
  if (error || !data.user) return null;
  return { user: data.user, client };
}
