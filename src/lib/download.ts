import { AppError, toAppError } from '@/lib/errors';

/** Hands a blob to the browser as a download named `name`; the object URL is revoked after 1 s (docs/spec.md §9). */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href, download: name, rel: 'noopener' });
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; give it a moment before revoking.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** The file behind a (signed) URL, as a Response whose body can be streamed. Throws AppError. */
export async function fetchFile(url: string, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    throw toAppError(error, 'Could not download the file. Please try again.');
  }
  if (!response.ok || !response.body) {
    throw new AppError('storage', 'Could not download the file. Please try again.', { status: response.status });
  }
  return response;
}

/** The whole file behind a URL. Throws AppError. */
export async function fetchBlob(url: string): Promise<Blob> {
  return (await fetchFile(url)).blob();
}

export interface ZipEntry {
  name: string;
  input: Blob | Response;
  lastModified?: Date;
}

/**
 * One ZIP of the entries, built in the browser. client-zip is loaded only when a ZIP is made, so
 * it never weighs on a page's first load. Entries may be an async generator, so files can be
 * fetched while the ZIP streams; `onBytes` reports the ZIP bytes written so far.
 */
export async function buildZip(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, onBytes?: (written: number) => void): Promise<Blob> {
  const { makeZip } = await import('client-zip');
  const reader = makeZip(entries).getReader();
  const chunks: Uint8Array[] = [];
  let written = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    written += value.byteLength;
    onBytes?.(written);
  }
  return new Blob(chunks as BlobPart[], { type: 'application/zip' });
}
