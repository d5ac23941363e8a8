import type { StudioKey } from '@shotcraft/shared/jobs/contract.ts';
import { uploadRaw } from './upload-original';

export interface FolderFile {
  /** The user's name for it (kept, made safe, after the order number). */
  name: string;
  body: Blob;
  /** Its type, from its bytes. */
  mime: string;
  /** Its place in the folder's order (default: its index in the list). */
  position?: number;
}

/** A name storage accepts and a person recognises: letters, digits, dot, dash, underscore. */
const safeName = (name: string) => name.replace(/[^\w.-]+/g, '_').slice(-80) || 'photo.jpg';

/** `{folder}NNN_<safe name>`: the number orders the folder. */
export const folderPath = (folder: string, position: number, name: string) => `${folder}${String(position).padStart(3, '0')}_${safeName(name)}`;

/**
 * Several photos into one folder of raw-uploads, `{user}/{studio}/{upload}/NNN_<name>`, numbered
 * in the order given (the worker orders by that number), three at a time, with progress over all
 * bytes. The folder (ending in '/') is what start_job stores as the source.
 */
export async function uploadFolder(
  userId: string,
  studio: StudioKey,
  files: readonly FolderFile[],
  onProgress: (fraction: number) => void,
  folder = `${userId}/${studio}/${crypto.randomUUID()}/`,
): Promise<{ folder: string; paths: string[] }> {
  const total = files.reduce((sum, f) => sum + f.body.size, 0) || 1;
  const sent = new Array<number>(files.length).fill(0);
  const report = () => onProgress(sent.reduce((a, b) => a + b, 0) / total);
  const paths = files.map((f, i) => folderPath(folder, f.position ?? i, f.name));
  let next = 0;
  const lane = async () => {
    while (next < files.length) {
      const i = next++;
      const file = files[i]!;
      await uploadRaw(paths[i]!, file.body, file.mime, (f) => {
        sent[i] = f * file.body.size;
        report();
      });
    }
  };
  await Promise.all([lane(), lane(), lane()]);
  return { folder, paths };
}
