// A tiny function proving the devstack runs edge functions as hosted does, in Deno: npm: imports,
// Deno.env, Deno.serve, CORS, and a user-scoped client built from the caller's JWT. It says which
// Deno runs it.
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { createClient } from 'npm:@supabase/supabase-js@2';
import { corsHeaders } from '../_shared/cors.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json' } });

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });

  const authorization = req.headers.get('Authorization') ?? '';
  const supabase = createClient(Deno.env.get('SUPABASE_URL') ?? '', Deno.env.get('SUPABASE_ANON_KEY') ?? '', {
    global: { headers: { Authorization: authorization } },
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await supabase.auth.getUser(authorization.replace(/^Bearer\s+/i, ''));
  if (error || !data.user) return json({ message: 'not signed in' }, 401);
  return json({ message: 'hello', user_id: data.user.id, runtime: `deno ${Deno.version.deno}` });
});
