// Ad variations (SPEC.md §7 generate-ad-variations):
//
//   POST { job_id, user_id?, competitor_analysis?, product_image_url | product_path, style: { headline, offer, price, cta, placements, count }, metadata?, from_library? }
//     → 200 { success: true, variations: [{ id, url, placement, style, checks }] } | { success: false, error }
//
// job_id is the caller's finished analysis; its report is read from the job, never from the
// request (competitor_analysis is accepted for the contract and ignored). The worker applies the
// rate limit (100 an hour: 'Rate limit exceeded') and records each variation as facebook_ad content.
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { json } from '../_shared/json.ts';
import { verifiedCaller } from '../_shared/user-client.ts';
import { callWorker, workerMessage } from '../_shared/worker.ts';

const FAILED = 'Failed to generate ad variations';

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json({ success: false, error: 'Method not allowed' }, 405);
  const caller = await verifiedCaller(req);
  if (!caller) return json({ success: false, error: 'User not authenticated' }, 401);
  const body = (await req.json().catch(() => null)) as Record<string, unknown> | null;
  if (typeof body?.user_id === 'string' && body.user_id !== caller.user.id) return json({ success: false, error: 'This analysis belongs to another account.' }, 403);
  const style = (body?.style && typeof body.style === 'object' ? body.style : {}) as Record<string, unknown>;
  const productPath = typeof body?.product_path === 'string' ? body.product_path : typeof body?.product_image_url === 'string' ? body.product_image_url : '';
  if (!productPath) return json({ success: false, error: 'Failed to upload product image' }, 400);

  const reply = await callWorker(
    '/ads/variations',
    req.headers.get('Authorization') ?? '',
    JSON.stringify({ job_id: body?.job_id, product_path: productPath, headline: style.headline, offer: style.offer ?? '', price: style.price ?? '', cta: style.cta, placements: style.placements, count: style.count ?? 3, from_library: body?.from_library }),
    'application/json',
  );
  if (reply.status !== 200 || !reply.body) return json({ success: false, error: workerMessage(reply.body) ?? FAILED }, reply.status === 200 ? 502 : reply.status);
  return json(reply.body);
});
