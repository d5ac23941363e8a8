import { toast } from 'sonner';
import { fetchBlob, saveBlob } from '@/lib/download';
import { toAppError } from '@/lib/errors';
import { ugcFileName } from './file-name';
import { UGC_STUDIO } from './studio';
import type { UgcVideo } from './types';

/** One ad as an MP4 download (outside a gallery, which has its own actions). */
export async function downloadUgcVideo(video: UgcVideo): Promise<void> {
  try {
    saveBlob(await fetchBlob(video.url), ugcFileName(video));
  } catch (error) {
    toast.error(UGC_STUDIO.toasts.downloadFailed.title, { description: toAppError(error, UGC_STUDIO.toasts.downloadFailed.description).message });
  }
}
