import { originalPath } from '@shotcraft/shared/jobs/contract.ts';
import type { SourceUploader } from '@/domains/jobs/run-job';
import { uploadFolder } from '@/domains/jobs/upload-folder';
import { uploadRaw } from '@/domains/jobs/upload-original';
import { VIDEO_KINDS } from '@/domains/jobs/video-file';
import type { SpinFrame, SpinVideo } from './spin-source';

/** A photo sequence, in the order the user left it, as one folder of raw-uploads: the job's source. */
export function frameUploader(userId: string, frames: SpinFrame[]): SourceUploader {
  return async (onProgress) => {
    const { folder, paths } = await uploadFolder(userId, 'spin360', frames.map((f) => ({ name: f.file.name, body: f.upload, mime: f.uploadMime })), onProgress);
    return { sourcePath: folder, imagePath: paths[0]! };
  };
}

/** One turntable video, at `raw-uploads/{user}/spin360/{upload}_{time}.{ext}`. */
export function videoUploader(userId: string, video: SpinVideo): SourceUploader {
  return async (onProgress) => {
    const path = originalPath(userId, 'spin360', VIDEO_KINDS[video.mime].ext, crypto.randomUUID(), Date.now());
    await uploadRaw(path, video.file, video.mime, onProgress);
    return { sourcePath: path, imagePath: path };
  };
}
