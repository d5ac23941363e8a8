import { originalPath } from '@/lib/jobs/contract';
import type { SourceUploader } from '@/lib/jobs/run-job';
import { uploadRaw } from '@/lib/jobs/upload-original';
import { SPIN_VIDEO_TYPES } from '@/lib/jobs/studios/spin360';
import type { SpinFrame, SpinVideo } from './spin-source';

/** A name storage accepts and a person recognises: letters, digits, dot, dash, underscore. */
const safeName = (name: string) => name.replace(/[^\w.-]+/g, '_').slice(-80) || 'photo.jpg';

/**
 * Uploads a photo sequence to `raw-uploads/{user}/spin360/{upload}/NNN_<name>` in the order the
 * user left it (the worker orders by that number), three at a time, with progress over all bytes.
 * The folder is the job's source.
 */
export function frameUploader(userId: string, frames: SpinFrame[]): SourceUploader {
  return async (onProgress) => {
    const folder = `${userId}/spin360/${crypto.randomUUID()}/`;
    const total = frames.reduce((sum, f) => sum + f.upload.size, 0) || 1;
    const sent = new Array<number>(frames.length).fill(0);
    const report = () => onProgress(sent.reduce((a, b) => a + b, 0) / total);
    const paths = frames.map((f, i) => `${folder}${String(i).padStart(3, '0')}_${safeName(f.file.name)}`);
    let next = 0;
    const lane = async () => {
      while (next < frames.length) {
        const i = next++;
        const frame = frames[i]!;
        await uploadRaw(paths[i]!, frame.upload, frame.uploadMime, (f) => {
          sent[i] = f * frame.upload.size;
          report();
        });
      }
    };
    await Promise.all([lane(), lane(), lane()]);
    return { sourcePath: folder, imagePath: paths[0]! };
  };
}

/** One turntable video, at `raw-uploads/{user}/spin360/{upload}_{time}.{ext}`. */
export function videoUploader(userId: string, video: SpinVideo): SourceUploader {
  return async (onProgress) => {
    const path = originalPath(userId, 'spin360', SPIN_VIDEO_TYPES[video.mime].ext, crypto.randomUUID(), Date.now());
    await uploadRaw(path, video.file, video.mime, onProgress);
    return { sourcePath: path, imagePath: path };
  };
}
