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
import { handler, HttpError } from '../_shared/handler.ts';
import { IMAGE_EXTENSIONS, imageTypeOf, type ImageMime } from '@shotcraft/shared/image-type.ts';
import { json } from '../_shared/json.ts';
import { ownsObject } from '@shotcraft/shared/object-name.ts';
import { RAW_UPLOADS_BUCKET } from '@shotcraft/shared/vocabulary.ts';
import { LibrarySourceBody } from './schema.ts';

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

// A studio run copies one to a few dozen photos; 300 calls an hour is far past any person's pace.
const LIMIT = { endpoint: 'library-source', perHour: 300 };

Deno.serve(handler({ access: 'user', body: LibrarySourceBody, rateLimit: LIMIT }, async ({ caller, body: { items } }) => {
  const wanted: { id: string; path: string }[] = [];
  for (const { id, path } of items) {
    if (!ownsObject(path, caller.user.id) || path.endsWith('/')) {
      throw new HttpError(400, 'Each destination must be a file in your own upload folder (letters, digits, space, _ . - only).', 'invalid_path');
    }
    wanted.push({ id, path });
  }
  if (new Set(wanted.map((i) => i.path)).size !== wanted.length) throw new HttpError(400, 'Two items cannot go to the same destination.', 'invalid_path');

  const ids = [...new Set(wanted.map((i) => i.id))];
  const { data, error } = await caller.client.from('content_generations').select('id, content_type, bucket, storage_path, mime_type, bytes').in('id', ids);
  if (error) throw new HttpError(500, 'Failed to read your library.', 'server_error');
  const rows = new Map((data as Row[]).map((r) => [r.id, r]));

  // Every item is checked before anything is written.
  for (const { id } of wanted) {
    const row = rows.get(id);
    if (!row || !row.storage_path) throw new HttpError(404, 'That library item does not exist, or it is not yours.', 'not_found');
    if (row.content_type === 'ad_analysis') throw new HttpError(415, "A competitor's ad analysis is not your content: it cannot be a studio's input.", 'not_an_input');
    if (!(row.mime_type ?? '').startsWith('image/')) throw new HttpError(415, 'Only images from your library can be a studio’s input; this item is a video.', 'not_an_input');
    if ((row.bytes ?? 0) > MAX_BYTES) throw new HttpError(413, 'This library item is over 50 MB, the most a studio takes.', 'file_too_large');
  }

  const files: { id: string; path: string; bytes: Uint8Array; mime: ImageMime }[] = [];
  for (const { id, path } of wanted) {
    const row = rows.get(id)!;
    const { data: blob, error: readError } = await caller.client.storage.from(row.bucket).download(row.storage_path!);
    if (readError || !blob) throw new HttpError(404, 'The file of that library item is missing. It may have been deleted.', 'not_found');
    if (blob.size > MAX_BYTES) throw new HttpError(413, 'This library item is over 50 MB, the most a studio takes.', 'file_too_large');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const mime = imageTypeOf(bytes.subarray(0, 32));
    if (!mime) throw new HttpError(415, 'This library item is not a JPEG, PNG, WebP, GIF or BMP image.', 'not_an_input');
    if (!path.toLowerCase().endsWith(`.${IMAGE_EXTENSIONS[mime]}`)) {
      throw new HttpError(400, `This item is a ${IMAGE_EXTENSIONS[mime].toUpperCase()} image: its destination must end in .${IMAGE_EXTENSIONS[mime]}.`, 'invalid_path');
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
      if (status === 409) throw new HttpError(409, 'A file already exists at that destination.', 'already_exists');
      if (status === 413) throw new HttpError(413, writeError.message, 'quota_exceeded');
      throw new HttpError(403, `Storage refused the copy: ${writeError.message}`, 'storage_refused');
    }
    written.push(file.path);
  }
  return json({ items: files.map((f) => ({ id: f.id, path: f.path, mime_type: f.mime, bytes: f.bytes.length })) });
}));
