// A library image as a studio's input, without sending it again from the browser (README "From library"):
//
//   POST { items: [{ id: <content id>, path: <raw-uploads object name> }] }   (1 to 60 items)
//     → 200 { items: [{ id, path, mime_type, bytes }] }
//     → 4xx { success: false, code, error }
//
// Each item is copied from where the library keeps it (processed/…) into the caller's raw-uploads
// folder at `path`, which the studio then names as its source exactly as it would an upload: the
// worker, start_job and the sweeper see no difference. Everything goes through the caller's own
// client, so RLS decides twice: the content row and its file must be the caller's to read, and the
// destination must be in the caller's own folder to write (and the raw-uploads quota applies).
// Another user's item answers as a missing one. Only images are inputs: a video, or a competitor's
// ad analysis (not the user's content), is refused. The destination's extension must be the file's
// real type, by its bytes. Nothing is written unless every item checks out.
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { isUuid } from '@shotcraft/shared/ids.ts';
import { IMAGE_EXTENSIONS, imageTypeOf, type ImageMime } from '@shotcraft/shared/image-type.ts';
import { json } from '../_shared/json.ts';
import { ownsObject } from '@shotcraft/shared/object-name.ts';
import { overLimit } from '../_shared/rate-limit.ts';
import { verifiedCaller } from '../_shared/user-client.ts';
import { RAW_UPLOADS_BUCKET } from '@shotcraft/shared/vocabulary.ts';

const MAX_ITEMS = 60;
/** The raw-uploads rule for originals (a spin's turntable video is the only larger one). */
const MAX_BYTES = 50 * 1024 * 1024;

interface Row {
  id: string;
  content_type: string;
  bucket: string;
  storage_path: string | null;
  mime_type: string | null;
  bytes: number | null;
}

const refuse = (status: number, code: string, error: string) => json({ success: false, code, error }, status);

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json({ error: 'Method not allowed' }, 405);

  const caller = await verifiedCaller(req);
  if (!caller) return json({ error: 'User not authenticated' }, 401);

  const body = (await req.json().catch(() => null)) as { items?: unknown } | null;
  const items = Array.isArray(body?.items) ? (body.items as { id?: unknown; path?: unknown }[]) : null;
  if (!items || items.length === 0 || items.length > MAX_ITEMS) return refuse(400, 'invalid_request', `items must list 1 to ${MAX_ITEMS} library items, each with its id and destination path.`);
  for (const item of items) {
    if (!item || typeof item !== 'object' || !isUuid(item.id)) return refuse(400, 'invalid_request', 'Each item needs the id of a library item.');
    if (!ownsObject(item.path, caller.user.id) || (item.path as string).endsWith('/')) {
      return refuse(400, 'invalid_path', 'Each destination must be a file in your own upload folder (letters, digits, space, _ . - only).');
    }
  }
  const wanted = items as { id: string; path: string }[];
  if (new Set(wanted.map((i) => i.path)).size !== wanted.length) return refuse(400, 'invalid_path', 'Two items cannot go to the same destination.');

  // A studio run copies one to a few dozen photos; 300 calls an hour is far past any person's pace.
  const limited = await overLimit(caller, 'library-source', 300);
  if (limited) return limited;

  const ids = [...new Set(wanted.map((i) => i.id))];
  const { data, error } = await caller.client.from('content_generations').select('id, content_type, bucket, storage_path, mime_type, bytes').in('id', ids);
  if (error) return refuse(500, 'server_error', 'Failed to read your library.');
  const rows = new Map((data as Row[]).map((r) => [r.id, r]));

  // Every item is checked before anything is written.
  for (const { id } of wanted) {
    const row = rows.get(id);
    if (!row || !row.storage_path) return refuse(404, 'not_found', 'That library item does not exist, or it is not yours.');
    if (row.content_type === 'ad_analysis') return refuse(415, 'not_an_input', "A competitor's ad analysis is not your content: it cannot be a studio's input.");
    if (!(row.mime_type ?? '').startsWith('image/')) return refuse(415, 'not_an_input', 'Only images from your library can be a studio’s input; this item is a video.');
    if ((row.bytes ?? 0) > MAX_BYTES) return refuse(413, 'file_too_large', 'This library item is over 50 MB, the most a studio takes.');
  }

  const files: { id: string; path: string; bytes: Uint8Array; mime: ImageMime }[] = [];
  for (const { id, path } of wanted) {
    const row = rows.get(id)!;
    const { data: blob, error: readError } = await caller.client.storage.from(row.bucket).download(row.storage_path!);
    if (readError || !blob) return refuse(404, 'not_found', 'The file of that library item is missing. It may have been deleted.');
    if (blob.size > MAX_BYTES) return refuse(413, 'file_too_large', 'This library item is over 50 MB, the most a studio takes.');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const mime = imageTypeOf(bytes.subarray(0, 32));
    if (!mime) return refuse(415, 'not_an_input', 'This library item is not a JPEG, PNG, WebP, GIF or BMP image.');
    if (!path.toLowerCase().endsWith(`.${IMAGE_EXTENSIONS[mime]}`)) {
      return refuse(400, 'invalid_path', `This item is a ${IMAGE_EXTENSIONS[mime].toUpperCase()} image: its destination must end in .${IMAGE_EXTENSIONS[mime]}.`);
    }
    files.push({ id, path, bytes, mime });
  }

  const written: string[] = [];
  for (const file of files) {
    const { error: writeError } = await caller.client.storage.from(RAW_UPLOADS_BUCKET).upload(file.path, file.bytes, { contentType: file.mime, upsert: false });
    if (writeError) {
      // All or nothing: what this call already wrote goes again.
      if (written.length) await caller.client.storage.from(RAW_UPLOADS_BUCKET).remove(written);
      const status = Number((writeError as { statusCode?: string }).statusCode ?? 0);
      if (status === 409) return refuse(409, 'already_exists', 'A file already exists at that destination.');
      if (status === 413) return refuse(413, 'quota_exceeded', writeError.message);
      return refuse(403, 'storage_refused', `Storage refused the copy: ${writeError.message}`);
    }
    written.push(file.path);
  }
  return json({ items: files.map((f) => ({ id: f.id, path: f.path, mime_type: f.mime, bytes: f.bytes.length })) });
});
