// Deletes library items truthfully (docs/architecture.md §8): for each id the caller owns, the storage
// object(s) and the content row go together, and the answer says per item what really happened.
//
//   POST { ids: string[] }  →  200 { results: [{ id, status: 'deleted' | 'error', error?, code?, file_missing? }] }
//
// Ownership is decided by the caller's own client (RLS): an id that is not theirs, or does not
// exist, is refused as not_found without revealing which. Only then does the service role act.
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { handler, HttpError } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { LIBRARY_CONTENT_TYPES } from '@shotcraft/shared/vocabulary.ts';
import { ownsObject } from '@shotcraft/shared/object-name.ts';
import { DeleteContentBody } from './schema.ts';

const LIBRARY_TYPES: ReadonlySet<string> = new Set(LIBRARY_CONTENT_TYPES);

interface Row {
  id: string;
  content_type: string;
  bucket: string;
  storage_path: string | null;
  thumbnail_path: string | null;
  output_data: unknown;
}

type Result =
  | { id: string; status: 'deleted'; file_missing: boolean }
  | { id: string; status: 'error'; code: string; error: string };

Deno.serve(handler({ access: 'user', body: DeleteContentBody }, async ({ caller, body: { ids } }) => {
  const unique = [...new Set(ids)];

  const { data, error } = await caller.client
    .from('content_generations')
    .select('id, content_type, bucket, storage_path, thumbnail_path, output_data')
    .in('id', unique);
  if (error) throw new HttpError(500, 'Failed to delete media item');
  const owned = new Map((data as Row[]).map((row) => [row.id, row]));

  const results = await Promise.all(unique.map((id): Promise<Result> => {
    const row = owned.get(id);
    if (!row) return Promise.resolve({ id, status: 'error', code: 'not_found', error: 'Content not found' });
    if (!LIBRARY_TYPES.has(row.content_type)) {
      return Promise.resolve({ id, status: 'error', code: 'unknown_content_type', error: `Unknown content type: ${row.content_type}` });
    }
    return deleteOne(row, caller.user.id);
  }));
  return json({ results });
}));

async function deleteOne(row: Row, userId: string): Promise<Result> {
  const admin = adminClient();
  // A result with more files than its main one (a spin's loop and frames) lists them in details.files.
  const details = (row.output_data as { details?: { files?: unknown } } | null)?.details;
  const extras = details?.files && typeof details.files === 'object' ? Object.values(details.files as Record<string, unknown>) : [];
  const paths = [...new Set([row.storage_path, row.thumbnail_path, ...extras])].filter(
    (p): p is string => ownsObject(p, userId),
  );
  let fileMissing = true;
  if (paths.length > 0) {
    const removed = await admin.storage.from(row.bucket).remove(paths);
    if (removed.error) return { id: row.id, status: 'error', code: 'storage', error: 'Failed to delete file' };
    // storage answers with the objects it removed; a path it did not list was already gone.
    fileMissing = !row.storage_path || !(removed.data ?? []).some((o) => o.name === row.storage_path);
  }
  const { error } = await admin.from('content_generations').delete().eq('id', row.id).eq('user_id', userId);
  if (error) return { id: row.id, status: 'error', code: 'server', error: 'Failed to delete media item' };
  return { id: row.id, status: 'deleted', file_missing: fileMissing };
}
