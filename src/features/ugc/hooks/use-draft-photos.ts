import { useEffect } from 'react';
import { toast } from 'sonner';
import { toAppError } from '@/lib/errors';
import { storePickedPhotos, usePhotoThumbs } from '../api/photos';
import { removePhotos } from '../photos';
import { projectStore, useProject } from '../store';

/**
 * Keeps the draft's photos where a reload finds them: a picked photo goes to storage as soon as
 * there is a user (picked signed out, it goes after the sign-in), and the draft keeps its path;
 * after a reload the previews are signed URLs of those paths. A stored photo that is gone (unused
 * uploads are swept after 7 days) is taken out of the draft, and the product step says so.
 */
export function useDraftPhotos(userId: string | undefined) {
  const { photos } = useProject();
  const unsaved = photos.filter((p) => p.file && !p.path).map((p) => p.id).join(',');
  useEffect(() => {
    if (!userId || !unsaved) return;
    storePickedPhotos(userId).catch((error: unknown) => {
      toast.error('Photos not saved with the draft', { description: `${toAppError(error, 'Failed to upload image').message} They are kept until you leave this page.` });
    });
  }, [userId, unsaved]);

  const thumbs = usePhotoThumbs(photos);
  useEffect(() => {
    if (!thumbs.data) return;
    const gone = projectStore.get().photos.filter((p) => !p.file && p.path && thumbs.data.get(p.path) === null);
    if (gone.length === 0) return;
    removePhotos(gone.map((p) => p.id));
    projectStore.set((p) => ({ lostPhotos: p.lostPhotos + gone.length, editingProduct: p.editingProduct || (!!p.scripts && p.photos.length === 0) }));
  }, [thumbs.data]);
}
