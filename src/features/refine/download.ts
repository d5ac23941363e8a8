import { buildZip, fetchBlob, saveBlob } from '@/lib/download';
import type { RefinedImage } from './types';

const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

/** 'refined-color-correction-2026-11-22-1a2b3c4d.jpg': readable, unique, safe on every OS. */
export function refinedFileName(image: Pick<RefinedImage, 'id' | 'enhancement' | 'createdAt' | 'mimeType'>): string {
  const slug = image.enhancement.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'image';
  const date = image.createdAt.slice(0, 10);
  return `refined-${slug}-${date}-${image.id.slice(0, 8)}.${EXT[image.mimeType ?? ''] ?? 'jpg'}`;
}

export async function downloadImage(image: RefinedImage): Promise<void> {
  saveBlob(await fetchBlob(image.url), refinedFileName(image));
}

/** All images as one ZIP (instead of N staggered downloads). */
export async function downloadAllAsZip(images: RefinedImage[]): Promise<void> {
  const files = await Promise.all(images.map(async (image) => ({ name: refinedFileName(image), input: await fetchBlob(image.url), lastModified: new Date(image.createdAt) })));
  saveBlob(await buildZip(files), `refined-images-${new Date().toISOString().slice(0, 10)}.zip`);
}
