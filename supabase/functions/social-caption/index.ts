// Generate Caption with a hosted language model, when the project has one configured
// (CAPTION_API_URL: an OpenAI-compatible /chat/completions endpoint; CAPTION_API_KEY; CAPTION_MODEL).
// Without it the app writes captions itself (src/lib/social/caption.ts) and never calls this.
//
//   POST { content_id, platforms: string[], limit } → 200 { success, caption }
//   400 bad input · 401 no session · 404 not the caller's · 429 30 an hour · 501 not configured · 502 the model failed
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { json } from '../_shared/json.ts';
import { isPlatform } from '../_shared/social-platforms.ts';
import { verifiedCaller } from '../_shared/user-client.ts';
import { isUuid } from '@shotcraft/shared/ids.ts';
import { captionMessages, type CaptionRow } from '@shotcraft/shared/caption-facts.ts';


Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json({ success: false, error: 'Method not allowed' }, 405);
  const endpoint = Deno.env.get('CAPTION_API_URL');
  if (!endpoint) return json({ success: false, code: 'not_configured', error: 'No caption model is configured.' }, 501);
  const caller = await verifiedCaller(req);
  if (!caller) return json({ success: false, error: 'User not authenticated' }, 401);
  const body = (await req.json().catch(() => null)) as { content_id?: unknown; platforms?: unknown; limit?: unknown } | null;
  const platforms = Array.isArray(body?.platforms) ? body.platforms.filter(isPlatform) : [];
  const limit = typeof body?.limit === 'number' && body.limit >= 50 && body.limit <= 2200 ? Math.floor(body.limit) : 2200;
  if (!isUuid(body?.content_id) || platforms.length === 0) return json({ success: false, error: 'content_id and platforms are required' }, 400);

  const limited = await caller.client.rpc('check_rate_limit', { endpoint: 'social-caption', limit: 30, window_minutes: 60 });
  if (limited.error || !(limited.data as { allowed: boolean }).allowed) return json({ success: false, error: 'Rate limit exceeded' }, 429);
  const { data: content } = await caller.client.from('content_generations').select('content_type, product_name, storage_path, input_data, metadata').eq('id', body.content_id).maybeSingle();
  if (!content) return json({ success: false, error: 'Content not found' }, 404);

  try {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${Deno.env.get('CAPTION_API_KEY') ?? ''}` },
      body: JSON.stringify({
        model: Deno.env.get('CAPTION_MODEL') ?? 'gpt-4o-mini',
        max_tokens: 400,
        // The product's name as the user gave it (never a file name) and the item's own words.
        messages: captionMessages(content as CaptionRow, platforms, limit),
      }),
      signal: AbortSignal.timeout(20_000),
    });
    const answer = (await res.json().catch(() => null)) as { choices?: { message?: { content?: string } }[] } | null;
    const caption = answer?.choices?.[0]?.message?.content?.trim();
    if (!res.ok || !caption) return json({ success: false, error: 'Failed to generate caption' }, 502);
    return json({ success: true, caption: [...caption].slice(0, limit).join('') });
  } catch {
    return json({ success: false, error: 'Failed to generate caption' }, 502);
  }
});
