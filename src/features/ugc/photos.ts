import { imageFileMessages, validateImageFile, type StudioMessage } from '@/lib/jobs/image-file';
import { UGC_LIMITS } from '@/lib/jobs/studios/ugc';
import { projectStore, type ProjectPhoto } from './store';

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
  if (added.length) projectStore.set((p) => ({ photos: [...p.photos, ...added], folder: null }));
  return problem;
}

export function removePhoto(id: string) {
  projectStore.set((p) => {
    const index = p.photos.findIndex((photo) => photo.id === id);
    const gone = p.photos[index];
    if (gone?.file && gone.thumbUrl) URL.revokeObjectURL(gone.thumbUrl);
    const photos = p.photos.filter((photo) => photo.id !== id);
    // Scenes point at photos by position: the ones after the removed photo move up.
    const scripts = p.scripts?.map((s) => ({
      ...s,
      scenes: s.scenes.map((scene) => ({ ...scene, photo: Math.min(Math.max(0, scene.photo > index ? scene.photo - 1 : scene.photo === index ? 0 : scene.photo), Math.max(0, photos.length - 1)) })),
    }));
    return { photos, folder: null, scripts: scripts ?? null };
  });
}
