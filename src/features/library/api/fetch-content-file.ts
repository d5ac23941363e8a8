import { AppError, toAppError } from '@/lib/errors';
import { signContentUrls } from './sign-content-urls';

/** Fresh signed URLs for items about to be downloaded (page URLs may be close to expiry). */
export async function freshDownloadUrls(ids: readonly string[]): Promise<Map<string, string>> {
  const signed = await signContentUrls(ids);
  const urls = new Map<string, string>();
  for (const [id, u] of signed) if (u.url) urls.set(id, u.url);
  return urls;
}

/** The file behind a signed URL, as a Response whose body can be streamed. */
export async function fetchContentFile(url: string, signal?: AbortSignal): Promise<Response> {
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
