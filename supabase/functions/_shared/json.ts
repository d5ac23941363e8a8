import { corsHeaders } from './cors.ts';

/** A JSON response with the CORS headers every function returns. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json' } });
