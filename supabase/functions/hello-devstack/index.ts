// A tiny function proving the devstack runs edge functions as hosted does, in Deno: npm: imports,
// Deno.env, Deno.serve, CORS (the shared handler's preflight), and a user-scoped client built from
// the caller's JWT. It says which Deno runs it. It takes no body; its answers are its own
// ({ message }), so it checks the caller itself (access 'public').
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { createClient } from 'npm:@supabase/supabase-js@2';
import { corsHeaders } from '../_shared/cors.ts';
import { handler } from '../_shared/handler.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json' } });

Deno.serve(handler({ access: 'public' }, async ({ req }) => {
  const authorization = req.headers.get('Authorization') ?? '';
  const supabase = createClient(Deno.env.get('SUPABASE_URL') ?? '', Deno.env.get('SUPABASE_ANON_KEY') ?? '', {
    global: { headers: { Authorization: authorization } },
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await supabase.auth.getUser(authorization.replace(/^Bearer\s+/i, ''));
  if (error || !data.user) return json({ message: 'not signed in' }, 401);
  return json({ message: 'hello', user_id: data.user.id, runtime: `deno ${Deno.version.deno}` });
}));
