// What the functions that send a user to another site (Stripe, a platform's consent) check first: a POST from a signed-in
// caller on a page of the app (its origin in APP_ORIGINS, where they will be sent back), with
// a JSON object body. Anything else is answered here.
import { allowedOrigin, parseOrigins } from './app-origin.ts';
import { corsHeaders } from './cors.ts';
import { json } from './json.ts';
import { verifiedCaller, type Caller } from './user-client.ts';

export interface AppRequest {
  caller: Caller;
  /** The app's origin the request came from, for Stripe's return URLs. */
  origin: string;
  body: Record<string, unknown>;
}

export async function appRequest(req: Request, where: string): Promise<AppRequest | Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json({ success: false, error: 'Method not allowed' }, 405);
  const caller = await verifiedCaller(req);
  if (!caller) return json({ success: false, error: 'User not authenticated' }, 401);
  const origin = allowedOrigin(req.headers.get('Origin'), parseOrigins(Deno.env.get('APP_ORIGINS')));
  if (!origin) return json({ success: false, error: `${where} can only be opened from the Shotcraft app` }, 403);
  const body = (await req.json().catch(() => null)) as unknown;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return json({ success: false, error: 'The body must be a JSON object' }, 400);
  return { caller, origin, body: body as Record<string, unknown> };
}
