import { fileSlug } from '@/lib/file-name';
import type { UgcVideo } from './types';

/** 'arctic-flask-ugc-problem-2026-11-24-1a2b3c4d.mp4' */
export const ugcFileName = (video: Pick<UgcVideo, 'id' | 'label' | 'createdAt' | 'hook'>) =>
  `${[fileSlug(video.label) || 'product', 'ugc', video.hook].filter(Boolean).join('-')}-${video.createdAt.slice(0, 10)}-${video.id.slice(0, 8)}.mp4`;
