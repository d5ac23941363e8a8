// Signed URLs for a page of library items in one request (docs/spec.md §7 get-download-url):
//
//   POST { ids: string[] }  →  200 { items: [{ id, url, thumbnail_url, missing }] }
//
// url is the original (for preview and download), thumbnail_url a small rendered image (storage
// image transformation) for the tile, null for a video without a poster. missing is true when the
// row points at a file storage does not have: the library shows that instead of a broken tile.
// Everything is signed with the caller's own client, so storage RLS decides access as well.
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { handler, HttpError } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { SIGNED_URL_SECONDS } from '@shotcraft/shared/vocabulary.ts';
import { DownloadUrlBody } from './schema.ts';

// Fitted inside 480×480, never cropped: a 4:5 or 9:16 ad keeps its shape on the tile.
const THUMBNAIL = { width: 480, height: 480, resize: 'contain' as const, quality: 70 };

interface Row {
  id: string;
  bucket: string;
  storage_path: string | null;
  thumbnail_path: string | null;
  mime_type: string | null;
}

// A library page signs up to 200 items a call; 600 calls an hour is far past any person's scrolling.
const LIMIT = { endpoint: 'get-download-url', perHour: 600 };

Deno.serve(handler({ access: 'user', body: DownloadUrlBody, rateLimit: LIMIT }, async ({ caller, body: { ids } }) => {
  const { data, error } = await caller.client
    .from('content_generations')
    .select('id, bucket, storage_path, thumbnail_path, mime_type')
    .in('id', ids);
  if (error) throw new HttpError(500, 'Failed to get download URL');
  const rows = (data as Row[]).filter((r) => !!r.storage_path);

  // Originals: one createSignedUrls per bucket; it also tells which files are missing.
  const originals = new Map<string, string>();
  const byBucket = new Map<string, Row[]>();
  for (const r of rows) byBucket.set(r.bucket, [...(byBucket.get(r.bucket) ?? []), r]);
  for (const [bucket, group] of byBucket) {
    const signed = await caller.client.storage.from(bucket).createSignedUrls(group.map((r) => r.storage_path!), SIGNED_URL_SECONDS);
    if (signed.error) throw new HttpError(502, 'Failed to create signed URL');
    for (const s of signed.data) if (s.signedUrl && !s.error && s.path) originals.set(`${bucket}/${s.path}`, s.signedUrl);
  }

  const items = await Promise.all(rows.map(async (r) => {
    const url = originals.get(`${r.bucket}/${r.storage_path}`) ?? null;
    const isImage = (r.mime_type ?? '').startsWith('image/');
    const poster = r.thumbnail_path ?? (isImage ? r.storage_path : null);
    let thumbnail: string | null = null;
    if (url && poster) {
      const t = await caller.client.storage.from(r.bucket).createSignedUrl(poster, SIGNED_URL_SECONDS, { transform: THUMBNAIL });
      thumbnail = t.data?.signedUrl ?? null;
    }
    return { id: r.id, url, thumbnail_url: thumbnail, missing: url === null };
  }));
  return json({ items });
}));
