import { handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { SIGNED_URL_SECONDS } from '@shotcraft/shared/jobs/contract.ts';

export async function createSignedUrl(bucket: string, path: string): Promise<string> {
  const { data, error } = await supabase().storage.from(bucket).createSignedUrl(path, SIGNED_URL_SECONDS);
  if (error) handleError(error, 'Failed to create signed URL');
  return data.signedUrl;
}

/** Many paths of one bucket in one request; a path that cannot be signed maps to null. */
export async function createSignedUrls(bucket: string, paths: string[]): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  if (paths.length === 0) return out;
  const { data, error } = await supabase().storage.from(bucket).createSignedUrls(paths, SIGNED_URL_SECONDS);
  if (error) handleError(error, 'Failed to create signed URL');
  for (const item of data) if (item.path) out.set(item.path, item.error ? null : item.signedUrl);
  return out;
}
