import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SupabaseClient } from '@supabase/supabase-js';
import { RAW_UPLOADS_BUCKET, RESULT_BUCKET, SIGNED_URL_SECONDS } from '@shotcraft/shared/jobs/contract.ts';
import { isObjectName } from '@shotcraft/shared/object-name.ts';
import { WorkerError } from './http/errors.js';
import { fileTooLargeMessage } from './http/multipart.js';

export { RESULT_BUCKET };

/**
 * Every name this worker hands to storage with its service-role key passes the shared object-name
 * rule first (packages/shared/src/object-name.ts): a name storage-js would put into a URL that the URL parser
 * could turn into another path (`%2e%2e`, `\\`, control characters) is refused, whatever checked it before.
 */
function safeName(name: string): string {
  if (!isObjectName(name)) throw new WorkerError('job_forbidden', 'That file name is not allowed. Upload the file again.');
  return name;
}

/**
 * Stores a result file. A storage hiccup (a dropped connection, a busy server) is retried twice,
 * with a short pause: the upload is an upsert of the job's own path, so repeating it is safe.
 */
export async function storeResult(service: SupabaseClient, bucket: string, path: string, body: Buffer, contentType: string): Promise<void> {
  let message = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
    const { error } = await service.storage.from(bucket).upload(safeName(path), body, { contentType, upsert: true, cacheControl: '3600' });
    if (!error) return;
    message = error.message;
    const status = Number((error as { statusCode?: string | number }).statusCode ?? 0);
    // A refusal (too large, wrong type, forbidden) will not change on retry.
    if (status >= 400 && status < 500) break;
    console.error(`[worker] storing ${bucket}/${path} failed (attempt ${attempt + 1}): ${message}`);
  }
  throw new WorkerError('storage_failed', `Could not save the result: ${message}`);
}

export async function signedUrl(service: SupabaseClient, bucket: string, path: string): Promise<string> {
  const { data, error } = await service.storage.from(bucket).createSignedUrl(safeName(path), SIGNED_URL_SECONDS);
  if (error || !data) throw new WorkerError('storage_failed', `Could not sign the result URL: ${error?.message ?? 'no URL'}`);
  return data.signedUrl;
}

/** Best effort: a result whose job could not be recorded should not linger. */
export async function removeResults(service: SupabaseClient, bucket: string, paths: string[]): Promise<void> {
  if (paths.length) await service.storage.from(bucket).remove(paths.map(safeName));
}

/** The objects under a folder of raw-uploads (a photo sequence), by name; at most `limit`. */
export async function listSources(service: SupabaseClient, folder: string, limit: number): Promise<{ name: string; bytes: number }[]> {
  const prefix = safeName(folder).replace(/\/+$/, '');
  const { data, error } = await service.storage.from(RAW_UPLOADS_BUCKET).list(prefix, { limit, sortBy: { column: 'name', order: 'asc' } });
  if (error) throw new WorkerError('backend_unavailable', 'The uploaded photos could not be listed. Please try again.');
  return (data ?? [])
    // Only names the rule allows: a listed name goes into a download URL next.
    .filter((o) => o.id !== null && o.name && !o.name.startsWith('.') && isObjectName(`${prefix}/${o.name}`))
    .map((o) => ({ name: o.name, bytes: Number((o.metadata as { size?: number } | null)?.size ?? 0) }));
}

export interface SourceFile {
  path: string;
  bytes: number;
  cleanup(): Promise<void>;
}

/**
 * The job's original, read from raw-uploads with the service role into a temporary file, at most
 * `maxBytes` (streamed: a large file is never held in memory, an oversized one is cut off and
 * refused). The path is the job's own source_path, which start_job checked is the user's.
 */
export async function downloadSource(service: SupabaseClient, sourcePath: string, maxBytes: number, tooLarge = fileTooLargeMessage(maxBytes)): Promise<SourceFile> {
  const { data, error } = await service.storage.from(RAW_UPLOADS_BUCKET).createSignedUrl(safeName(sourcePath), 60);
  if (error || !data) throw new WorkerError('missing_image', 'The uploaded photo could not be found. Upload it again and retry.');
  const response = await fetch(data.signedUrl).catch(() => null);
  if (!response?.ok || !response.body) throw new WorkerError('missing_image', 'The uploaded photo could not be found. Upload it again and retry.');
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body.cancel();
    throw new WorkerError('file_too_large', tooLarge);
  }

  const target = path.join(os.tmpdir(), `shotcraft-source-${randomUUID()}`);
  const cleanup = () => rm(target, { force: true });
  let bytes = 0;
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
  body.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > maxBytes) body.destroy(new WorkerError('file_too_large', tooLarge));
  });
  try {
    await pipeline(body, createWriteStream(target));
  } catch (err) {
    await cleanup();
    throw err instanceof WorkerError ? err : new WorkerError('backend_unavailable', 'The uploaded photo could not be read from storage. Please try again.');
  }
  return { path: target, bytes, cleanup };
}
