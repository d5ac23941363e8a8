import { signContentUrls } from '@/domains/library/sign-content-urls';

/** Fresh signed URLs for items about to be downloaded (page URLs may be close to expiry). */
export async function freshDownloadUrls(ids: readonly string[]): Promise<Map<string, string>> {
  const signed = await signContentUrls(ids);
  const urls = new Map<string, string>();
  for (const [id, u] of signed) if (u.url) urls.set(id, u.url);
  return urls;
}
