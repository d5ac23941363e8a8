// An image's type by its first bytes, never by its name or a client's Content-Type. No Deno or npm
// imports: the Node tests import it too.

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'image/bmp';

/** The file extension storage paths use for each type. */
export const IMAGE_EXTENSIONS: Record<ImageMime, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif', 'image/bmp': 'bmp' };

/** JPEG, PNG, WebP, GIF or BMP from the file's first 32 bytes; null for anything else. */
export function imageTypeOf(head: Uint8Array): ImageMime | null {
  const at = (offset: number, bytes: number[]) => bytes.every((b, i) => head[offset + i] === b);
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  if (at(0, [0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61) return 'image/gif';
  if (at(0, [0x42, 0x4d]) && head.length >= 26) return 'image/bmp';
  return null;
}
