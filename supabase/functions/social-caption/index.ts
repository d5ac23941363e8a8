// Generate Caption with a hosted language model, when the project has one configured
// (CAPTION_API_URL: an OpenAI-compatible /chat/completions endpoint; CAPTION_API_KEY; CAPTION_MODEL).
// Without it the app writes captions itself (src/domains/social/caption.ts) and never calls this.
//
//   POST { content_id, platforms: string[], limit } → 200 { success, caption }
//   400 bad input · 401 no session · 501 not configured · 404 not the caller's · 429 30 an hour · 502 the model failed
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { handler, HttpError, refusal } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { captionMessages, type CaptionRow } from '@shotcraft/shared/caption-facts.ts';
import { CaptionBody } from './schema.ts';

Deno.serve(handler({ access: 'user', body: CaptionBody }, async ({ caller, body: { content_id, platforms, limit } }) => {
  const endpoint = Deno.env.get('CAPTION_API_URL');
  if (!endpoint) throw new HttpError(501, 'No caption model is configured.', 'not_configured');

  const limited = await caller.client.rpc('check_rate_limit', { endpoint: 'social-caption', limit: 30, window_minutes: 60 });
  if (limited.error || !(limited.data as { allowed: boolean }).allowed) throw new HttpError(429, 'Rate limit exceeded');
  const { data: content } = await caller.client.from('content_generations').select('content_type, product_name, storage_path, input_data, metadata').eq('id', content_id).maybeSingle();
  if (!content) throw new HttpError(404, 'Content not found');

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
    if (!res.ok || !caption) return refusal(502, 'Failed to generate caption');
    return json({ success: true, caption: [...caption].slice(0, limit).join('') });
  } catch {
    return refusal(502, 'Failed to generate caption');
  }
}));
