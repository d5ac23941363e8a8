import { fileSlug } from '@/lib/file-name';
import type { RefinedImage } from './types';

const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

/** 'refined-color-correction-2026-11-22-1a2b3c4d.jpg': readable, unique, safe on every OS. */
export function refinedFileName(image: Pick<RefinedImage, 'id' | 'label' | 'createdAt' | 'mimeType'>): string {
  const slug = fileSlug(image.label) || 'image';
  const date = image.createdAt.slice(0, 10);
  return `refined-${slug}-${date}-${image.id.slice(0, 8)}.${EXT[image.mimeType ?? ''] ?? 'jpg'}`;
}
