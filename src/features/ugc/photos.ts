import { imageFileMessages, validateImageFile, type StudioMessage } from '@/domains/jobs/image-file';
import { UGC_LIMITS } from '@shotcraft/shared/jobs/studios/ugc.ts';
import { projectStore, withoutPhotos, type ProjectPhoto } from './store';

const messages = imageFileMessages('use in your ad');

/**
 * Adds picked photos to the project (checked by their bytes first; a bad one is named and left
 * out), at most UGC_LIMITS.maxPhotos in all. Any change to the set means a new upload folder.
 */
export async function addPhotos(files: File[]): Promise<StudioMessage | null> {
  const room = UGC_LIMITS.maxPhotos - projectStore.get().photos.length;
  if (room <= 0) return { title: 'Too many photos', description: `An ad uses at most ${UGC_LIMITS.maxPhotos} photos. Remove one to add another.` };
  const added: ProjectPhoto[] = [];
  let problem: StudioMessage | null = null;
  for (const file of files.slice(0, room)) {
    const check = await validateImageFile(file, messages);
    if (!check.ok) {
      problem ??= { title: check.error.title, description: `${file.name}: ${check.error.description}` };
      continue;
    }
    added.push({ id: crypto.randomUUID(), name: file.name, file, thumbUrl: URL.createObjectURL(file) });
  }
  if (files.length > room) problem ??= { title: 'Too many photos', description: `An ad uses at most ${UGC_LIMITS.maxPhotos} photos; the first ${room} were added.` };
  if (added.length) projectStore.set((p) => ({ photos: [...p.photos, ...added], folder: null, lostPhotos: 0 }));
  return problem;
}

export function removePhoto(id: string) {
  removePhotos([id]);
}

/** Takes photos out of the draft (their scenes move to the photos that are left). */
export function removePhotos(ids: readonly string[]) {
  projectStore.set((p) => {
    for (const photo of p.photos) if (ids.includes(photo.id) && photo.file && photo.thumbUrl) URL.revokeObjectURL(photo.thumbUrl);
    return { ...withoutPhotos(p, new Set(ids)), folder: null };
  });
}
