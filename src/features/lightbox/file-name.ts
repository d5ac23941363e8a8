import { fileSlug } from '@/lib/file-name';
import type { LightboxImage } from './types';

/** 'blue-ceramic-mug-amazon-main-image-2026-11-24-1a2b3c4d.jpg' */
export function lightboxFileName(image: Pick<LightboxImage, 'id' | 'label' | 'output' | 'createdAt' | 'mimeType'>): string {
  const ext = image.mimeType === 'image/png' ? 'png' : 'jpg';
  return `${[fileSlug(image.label) || 'product', fileSlug(image.output)].filter(Boolean).join('-')}-${image.createdAt.slice(0, 10)}-${image.id.slice(0, 8)}.${ext}`;
}
