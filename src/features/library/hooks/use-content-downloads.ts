import { countOf } from '@/lib/format';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { buildZip, fetchBlob, fetchFile, saveBlob } from '@/lib/download';
import { logError } from '@/lib/logger';
import { freshDownloadUrls } from '../api/fetch-content-file';
import { downloadName } from '../lib/clean-name';
import { uniqueEntryNames, zipName } from '../lib/zip-name';
import type { ContentFilter, ContentItem } from '../types';

export interface ZipProgress {
  /** 0–100 */
  percent: number;
  done: number;
  total: number;
}

/**
 * Single downloads keep the item's name; a bulk download is ONE ZIP built in the browser with
 * client-zip, streamed from the files as they arrive, with progress (docs/spec.md §8 toasts).
 */
export function useContentDownloads() {
  const [zipProgress, setZipProgress] = useState<ZipProgress | null>(null);

  const downloadOne = useCallback(async (item: ContentItem) => {
    try {
      const url = (await freshDownloadUrls([item.id])).get(item.id);
      if (!url) throw new Error('The file is missing from storage');
      const blob = await fetchBlob(url);
      saveBlob(blob, downloadName(item.name, item.storagePath));
      toast.success('Download Complete', { description: `${item.name} has been downloaded.` });
    } catch (error) {
      logError('library download failed', { category: 'storage', error, id: item.id });
      toast.error('Download Failed', { description: 'Could not download the file. Please try again.' });
    }
  }, []);

  const downloadZip = useCallback(async (items: readonly ContentItem[], filter: ContentFilter) => {
    if (items.length === 0) return;
    const total = items.reduce((sum, i) => sum + (i.sizeBytes ?? 0), 0);
    setZipProgress({ percent: 0, done: 0, total: items.length });
    try {
      const urls = await freshDownloadUrls(items.map((i) => i.id));
      const present = items.filter((i) => urls.has(i.id));
      if (present.length === 0) throw new Error('None of the selected files are in storage');
      const names = uniqueEntryNames(present.map((i) => downloadName(i.name, i.storagePath)));
      let done = 0;
      async function* entries() {
        for (const [index, item] of present.entries()) {
          const response = await fetchFile(urls.get(item.id)!);
          yield { name: names[index]!, lastModified: new Date(item.createdAt), input: response };
          done += 1;
        }
      }
      const zip = await buildZip(entries(), (written) => {
        const percent = total > 0 ? Math.min(99, Math.round((written / total) * 100)) : Math.round((done / present.length) * 99);
        setZipProgress({ percent, done, total: present.length });
      });
      saveBlob(zip, zipName(present, filter));
      setZipProgress({ percent: 100, done: present.length, total: present.length });
      toast.success('Bulk Download Complete', { description: `${countOf(present.length, 'item has', 'items have')} been downloaded.` });
      const skipped = items.length - present.length;
      if (skipped > 0) {
        toast.warning(`${countOf(skipped, 'item was', 'items were')} skipped`, {
          description: 'Their files are missing from storage, so they are not in the ZIP.',
        });
      }
    } catch (error) {
      logError('library bulk download failed', { category: 'storage', error, count: items.length });
      toast.error('Bulk Download Failed', { description: 'Could not download all selected items. Please try again.' });
    } finally {
      setZipProgress(null);
    }
  }, []);

  return { downloadOne, downloadZip, zipProgress };
}
