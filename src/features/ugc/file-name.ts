import type { UgcVideo } from './types';

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40);

/** 'arctic-flask-ugc-problem-2026-11-24-1a2b3c4d.mp4' */
export const ugcFileName = (video: Pick<UgcVideo, 'id' | 'label' | 'createdAt' | 'hook'>) =>
  `${[slug(video.label) || 'product', 'ugc', video.hook].filter(Boolean).join('-')}-${video.createdAt.slice(0, 10)}-${video.id.slice(0, 8)}.mp4`;
