// A shared 360° spin, for whoever has its link (the public /spin/:token page and its embed):
//
//   GET ?token=<64 hex>  →  200 { title, fps, frames: [url…], video_url, poster_url, loop_url, width, height }
//                           404 { success: false, error } for an unknown or revoked link
//
// The token is the only key: no account is needed, and nothing else of the owner's is reachable.
// The files are private; this function signs them (service role) for as long as a signed URL
// lives, so a revoked link stops working within the hour and new visits fail at once.
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { handler, HttpError } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { ownsObject } from '@shotcraft/shared/object-name.ts';
import { SIGNED_URL_SECONDS } from '@shotcraft/shared/vocabulary.ts';

const TOKEN = /^[0-9a-f]{64}$/;
const NOT_FOUND = 'This spin is not shared any more, or the link is wrong.';

interface Share {
  user_id: string;
  revoked_at: string | null;
  content: {
    product_name: string;
    bucket: string;
    storage_path: string | null;
    thumbnail_path: string | null;
    width: number | null;
    height: number | null;
    content_type: string;
    output_data: { details?: { files?: Record<string, string>; fps?: number } } | null;
  } | null;
}

// No body: the token is in the query.
Deno.serve(handler({ method: 'GET', access: 'public' }, async ({ req }) => {
  const token = new URL(req.url).searchParams.get('token') ?? '';
  if (!TOKEN.test(token)) throw new HttpError(404, NOT_FOUND);

  const admin = adminClient();
  const { data, error } = await admin
    .from('spin_shares')
    .select('user_id, revoked_at, content:content_generations(product_name, bucket, storage_path, thumbnail_path, width, height, content_type, output_data)')
    .eq('token', token)
    .maybeSingle();
  if (error) throw new HttpError(500, 'Could not open this spin. Please try again.');
  const share = data as Share | null;
  const content = share?.content;
  if (!share || share.revoked_at || !content || content.content_type !== '360_video' || !content.storage_path) throw new HttpError(404, NOT_FOUND);

  // Only the owner's own files, as the worker stored them.
  const own = (p: unknown): p is string => ownsObject(p, share.user_id);
  const files = content.output_data?.details?.files ?? {};
  const frames = Object.keys(files).filter((k) => k.startsWith('frames/')).sort().map((k) => files[k]).filter(own);
  const loop = Object.keys(files).find((k) => k.startsWith('loop.'));
  const paths = [content.storage_path, content.thumbnail_path, loop ? files[loop] : null, ...frames].filter(own);
  const signed = await admin.storage.from(content.bucket).createSignedUrls(paths, SIGNED_URL_SECONDS);
  if (signed.error) throw new HttpError(502, 'Could not open this spin. Please try again.');
  const url = new Map(signed.data.filter((s) => s.signedUrl && !s.error).map((s) => [s.path, s.signedUrl]));

  return json({
    title: content.product_name,
    fps: content.output_data?.details?.fps ?? 12,
    width: content.width,
    height: content.height,
    video_url: url.get(content.storage_path) ?? null,
    poster_url: content.thumbnail_path ? (url.get(content.thumbnail_path) ?? null) : null,
    loop_url: loop ? (url.get(files[loop]) ?? null) : null,
    frames: frames.map((p) => url.get(p)).filter((u): u is string => !!u),
  });
}));
