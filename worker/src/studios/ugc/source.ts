import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { UGC_LIMITS } from '@shotcraft/shared/jobs/studios/ugc.ts';
import { ownsObject } from '@shotcraft/shared/object-name.ts';
import { WorkerError } from '../../http/errors.js';
import { readPhotoFolder, type FolderPhoto } from '../../jobs/photo-folder.js';
import type { RunTools, SourceLimits, SourceReader } from '../../jobs/studio.js';

export interface UgcSource {
  dir: string;
  photos: FolderPhoto[];
}

/** The ad's product photos: `raw-uploads/{user}/ugc/{upload}/NNN_<name>`, 1–10 of them. */
export async function readUgcPhotos(service: SupabaseClient, userId: string, folder: string | null, limits: SourceLimits, tools: RunTools): Promise<UgcSource> {
  if (!folder || !folder.endsWith('/') || !ownsObject(folder, userId, 'ugc/')) {
    throw new WorkerError('missing_image', 'This ad has no uploaded product photos. Add them and try again.');
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shotcraft-ugc-'));
  try {
    const photos = await readPhotoFolder(service, folder, dir, limits, tools, {
      min: UGC_LIMITS.minPhotos,
      max: UGC_LIMITS.maxPhotos,
      maxTotalBytes: UGC_LIMITS.maxPhotos * limits.maxUploadBytes,
      sameOrientation: false,
      subject: 'An ad',
      progressShare: 0.05,
    });
    return { dir, photos };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

export const ugcSourceReader: SourceReader<UgcSource> = {
  read: (service, job, limits, tools) => readUgcPhotos(service, job.user_id, job.source_path, limits, tools),
  release: (source) => rm(source.dir, { recursive: true, force: true }),
};
