import { AppError, handleError } from '@/lib/errors';
import { env } from '@/lib/env';
import { copyFromLibrary, libraryOrigin } from '@/domains/library/library-input';
import { supabase } from '@/lib/supabase';
import { originalPath, RAW_UPLOADS_BUCKET, type StudioKey } from '@shotcraft/shared/jobs/contract.ts';
import { IMAGE_KINDS, type ImageKind } from './image-file';

export interface UploadOriginalInput {
  userId: string;
  studio: StudioKey;
  file: File;
  kind: ImageKind;
  /** Bytes sent so far out of the total, as the browser reports them. */
  onProgress?: (fraction: number) => void;
}

/**
 * Uploads the original into the private raw-uploads bucket at
 * `{user_id}/{studio}/{upload_id}_{time}.{ext}` (the extension follows the real type) with real
 * progress. supabase-js's upload() cannot report progress, so we ask Storage for a signed upload
 * URL and PUT the same request storage-js's uploadToSignedUrl() makes (multipart: cacheControl,
 * then the file) with XMLHttpRequest, whose upload.onprogress counts the bytes actually sent.
 */
export async function uploadOriginal({ userId, studio, file, kind, onProgress }: UploadOriginalInput): Promise<string> {
  const path = originalPath(userId, studio, IMAGE_KINDS[kind].ext, crypto.randomUUID(), Date.now());
  await uploadRaw(path, file, IMAGE_KINDS[kind].mime, onProgress);
  return path;
}

/**
 * One file into raw-uploads at `path` (inside the user's folder) with real progress. `mime` is the
 * type detected from the file's bytes, never the browser's guess from its name. Every studio's
 * original goes through here, so a library item is copied instead in one place for all of them.
 */
export async function uploadRaw(path: string, file: Blob, mime: string, onProgress?: (fraction: number) => void): Promise<void> {
  // A photo taken from the library is already stored: copied server-side, never sent again.
  const fromLibrary = libraryOrigin(file);
  if (fromLibrary) {
    await copyFromLibrary([{ id: fromLibrary, path }]);
    onProgress?.(1);
    return;
  }
  const { data, error } = await supabase().storage.from(RAW_UPLOADS_BUCKET).createSignedUploadUrl(path);
  if (error) handleError(error, 'Failed to upload image');

  const body = new FormData();
  body.append('cacheControl', '3600');
  body.append('', new File([file], path.split('/').pop() ?? 'upload', { type: mime }));
  await putWithProgress(data.signedUrl, body, onProgress);
}

function putWithProgress(url: string, body: FormData, onProgress?: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('x-upsert', 'false');
    xhr.setRequestHeader('apikey', env().VITE_SUPABASE_ANON_KEY);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve();
        return;
      }
      reject(new AppError('storage', storageMessage(xhr.responseText) ?? 'Failed to upload image', { status: xhr.status }));
    };
    xhr.onerror = () => reject(new AppError('network', 'Failed to upload image: the storage server could not be reached.'));
    xhr.send(body);
  });
}

function storageMessage(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as { message?: unknown; error?: unknown };
    const message = typeof parsed.message === 'string' ? parsed.message : parsed.error;
    return typeof message === 'string' ? `Failed to upload image: ${message}` : undefined;
  } catch {
    return undefined;
  }
}
