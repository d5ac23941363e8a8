import { buildZip, fetchBlob, saveBlob } from '@/lib/download';

export interface DownloadableResult {
  url: string;
  createdAt: string;
}

/** Results as one ZIP (instead of N staggered downloads): '{zipName}-2026-11-24.zip'. */
export async function downloadResultsZip<T extends DownloadableResult>(items: readonly T[], fileName: (item: T) => string, zipName: string): Promise<void> {
  const files = await Promise.all(items.map(async (item) => ({ name: fileName(item), input: await fetchBlob(item.url), lastModified: new Date(item.createdAt) })));
  saveBlob(await buildZip(files), `${zipName}-${new Date().toISOString().slice(0, 10)}.zip`);
}
