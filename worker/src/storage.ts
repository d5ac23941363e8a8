import type { SupabaseClient } from '@supabase/supabase-js';
import { WorkerError } from './http/errors.js';

export const RESULT_BUCKET = 'processed';
export const SIGNED_URL_SECONDS = 3600;

export async function storeResult(service: SupabaseClient, path: string, body: Buffer, contentType: string): Promise<void> {
  const { error } = await service.storage.from(RESULT_BUCKET).upload(path, body, { contentType, upsert: true, cacheControl: '3600' });
  if (error) throw new WorkerError('storage_failed', `Could not save the result: ${error.message}`);
}

export async function signedUrl(service: SupabaseClient, path: string): Promise<string> {
  const { data, error } = await service.storage.from(RESULT_BUCKET).createSignedUrl(path, SIGNED_URL_SECONDS);
  if (error || !data) throw new WorkerError('storage_failed', `Could not sign the result URL: ${error?.message ?? 'no URL'}`);
  return data.signedUrl;
}

/** Best effort: a result whose job could not be recorded should not linger. */
export async function removeResult(service: SupabaseClient, path: string): Promise<void> {
  await service.storage.from(RESULT_BUCKET).remove([path]);
}
