// Ad variations (docs/spec.md §7 generate-ad-variations):
//
//   POST { job_id, user_id?, competitor_analysis?, product_image_url | product_path, style: { headline, offer, price, cta, placements, count }, metadata?, from_library? }
//     → 200 { success: true, variations: [{ id, url, placement, style, checks }] } | { success: false, error }
//
// job_id is the caller's finished analysis; its report is read from the job, never from the
// request (competitor_analysis is accepted for the contract and ignored). The worker applies the
// rate limit (100 an hour: 'Rate limit exceeded') and records each variation as facebook_ad content.
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { handler, HttpError, refusal } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { callWorker, workerMessage } from '../_shared/worker.ts';
import { VariationsBody } from './schema.ts';

const FAILED = 'Failed to generate ad variations';

Deno.serve(handler({ access: 'user', body: VariationsBody }, async ({ req, caller, body }) => {
  if (typeof body.user_id === 'string' && body.user_id !== caller.user.id) throw new HttpError(403, 'This analysis belongs to another account.');
  const style = body.style ?? {};
  const productPath = body.product_path ?? body.product_image_url ?? '';
  if (!productPath) throw new HttpError(400, 'Failed to upload product image');

  const reply = await callWorker(
    '/ads/variations',
    req.headers.get('Authorization') ?? '',
    JSON.stringify({ job_id: body.job_id, product_path: productPath, headline: style.headline, offer: style.offer ?? '', price: style.price ?? '', cta: style.cta, placements: style.placements, count: style.count ?? 3, from_library: body.from_library }),
    'application/json',
  );
  if (reply.status !== 200 || !reply.body) return refusal(reply.status === 200 ? 502 : reply.status, workerMessage(reply.body) ?? FAILED);
  return json(reply.body);
}));
