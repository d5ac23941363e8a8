import { useQuery } from '@tanstack/react-query';
import { handleError } from '@/lib/errors';
import { detectImageKind, IMAGE_KINDS, readHead } from '@/domains/jobs/image-file';
import { RAW_UPLOADS_BUCKET } from '@shotcraft/shared/jobs/contract.ts';
import { createSignedUrls } from '@/domains/jobs/signed-url';
import { folderPath, uploadFolder } from '@/domains/jobs/upload-folder';
import { uploadRaw } from '@/domains/jobs/upload-original';
import { notePathCopied } from '@/domains/library/library-input';
import { supabase } from '@/lib/supabase';
import { projectStore, type ProjectPhoto } from '../store';

/**
 * The project's photos as one raw-uploads folder (`{user}/ugc/{upload}/NNN_<name>`), in the order
 * the scenes number them. Uploaded once and reused by every preview and the render; after the set
 * changes, a new folder is made (photos already uploaded are copied inside storage, not sent again).
 */
export async function ensurePhotoFolder(userId: string, onProgress: (fraction: number) => void = () => {}): Promise<string> {
  const { folder: current, photos } = projectStore.get();
  if (current) return current;
  const folder = `${userId}/ugc/${crypto.randomUUID()}/`;
  const paths = new Map<string, string>();
  // Each photo keeps its place: the worker orders the folder by the number in each name.
  const picked = photos.flatMap((p, position) => (p.file && !p.path ? [{ photo: p, position }] : []));
  const files = await Promise.all(
    picked.map(async ({ photo, position }) => {
      const kind = detectImageKind(await readHead(photo.file!, 16));
      return { name: photo.name, body: photo.file!, mime: kind ? IMAGE_KINDS[kind].mime : 'image/jpeg', position };
    }),
  );
  if (files.length) {
    const uploaded = await uploadFolder(userId, 'ugc', files, onProgress, folder);
    picked.forEach(({ photo }, i) => paths.set(photo.id, uploaded.paths[i]!));
  }
  // Photos uploaded before (as the draft's, or for an earlier set) are copied inside storage, not sent again.
  await Promise.all(
    photos.map(async (p, position) => {
      if (!p.path) return;
      const to = folderPath(folder, position, p.name);
      const { error } = await supabase().storage.from(RAW_UPLOADS_BUCKET).copy(p.path, to);
      if (error) handleError(error, 'Failed to upload image');
      notePathCopied(p.path, to);
      paths.set(p.id, to);
    }),
  );
  projectStore.set((p) => ({ folder, photos: p.photos.map((photo) => ({ ...photo, path: paths.get(photo.id) ?? photo.path })) }));
  return folder;
}

const uploading = new Set<string>();

/**
 * Stores the draft's picked photos in raw-uploads (`{user}/ugc/{photo id}/000_<name>`), each once,
 * so the draft keeps their paths and a reload finds them. A photo removed meanwhile is left alone.
 */
export async function storePickedPhotos(userId: string): Promise<void> {
  const todo = projectStore.get().photos.filter((p) => p.file && !p.path && !uploading.has(p.id));
  for (const photo of todo) uploading.add(photo.id);
  try {
    await Promise.all(
      todo.map(async (photo) => {
        const kind = detectImageKind(await readHead(photo.file!, 16));
        const path = folderPath(`${userId}/ugc/${photo.id}/`, 0, photo.name);
        await uploadRaw(path, photo.file!, kind ? IMAGE_KINDS[kind].mime : 'image/jpeg');
        projectStore.set((p) => ({ photos: p.photos.map((ph) => (ph.id === photo.id && !ph.path ? { ...ph, path } : ph)) }));
      }),
    );
  } finally {
    for (const photo of todo) uploading.delete(photo.id);
  }
}

/** Signed previews for uploaded photos that have none (after a reload). */
export function usePhotoThumbs(photos: ProjectPhoto[]) {
  const missing = photos.filter((p) => !p.thumbUrl && p.path).map((p) => p.path!);
  return useQuery({
    queryKey: ['ugc', 'thumbs', ...missing],
    queryFn: () => createSignedUrls(RAW_UPLOADS_BUCKET, missing),
    enabled: missing.length > 0,
    staleTime: 30 * 60_000,
    throwOnError: false,
  });
}
