import { MAX_PIXELS, MAX_UPLOAD_BYTES } from '@shotcraft/shared/jobs/contract.ts';
import { readImageSize } from './image-size';

/**
 * A studio's photo checks, in docs/spec.md §5 order: a file, at most 50 MB, an image type recognised by
 * its first bytes (never by its name or the browser's guess). Decodability is checked when the
 * preview loads (the upload card reports a preview that cannot decode).
 */
export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'bmp';

export const IMAGE_KINDS: Record<ImageKind, { mime: string; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  gif: { mime: 'image/gif', ext: 'gif' },
  bmp: { mime: 'image/bmp', ext: 'bmp' },
};

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image kind named by a file's magic bytes, or null. Needs the first 12 bytes. */
export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('BM')) && bytes.length >= 6) return 'bmp';
  return null;
}

/** A toast's title and description. */
export interface StudioMessage {
  title: string;
  description: string;
}

export interface ImageFileMessages {
  missing: StudioMessage;
  tooLarge: StudioMessage;
  invalidType: StudioMessage;
  previewFailed: StudioMessage;
  tooManyPixels: (width: number, height: number) => StudioMessage;
}

/** The docs/spec.md §5 file messages; `purpose` completes 'Please select an image to …' ('refine'). */
export function imageFileMessages(purpose: string): ImageFileMessages {
  return {
    missing: { title: 'No image selected', description: `Please select an image to ${purpose}.` },
    tooLarge: { title: 'File too large', description: 'Please select an image smaller than 50MB.' },
    invalidType: { title: 'Invalid file type', description: 'Please select a supported image format.' },
    previewFailed: { title: 'Image preview error', description: 'Could not display image preview. The file might be corrupted.' },
    tooManyPixels: (width, height) => ({
      title: 'Image too large',
      description: `${width}×${height} pixels is over the ${MAX_PIXELS / 1_000_000}-megapixel limit. Resize it and try again.`,
    }),
  };
}

export type FileCheck = { ok: true; kind: ImageKind } | { ok: false; error: StudioMessage };

/** How much of a file is read to find its type and, from the header, its size in pixels. */
const HEAD_BYTES = 64 * 1024;

/** What a photo may be: a studio's (50 MB, 40 MP) unless a screen asks for less (the visitor's trial). */
export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
}

export const STUDIO_IMAGE_LIMITS: ImageLimits = { maxBytes: MAX_UPLOAD_BYTES, maxPixels: MAX_PIXELS };

export async function validateImageFile(file: File | null | undefined, messages: ImageFileMessages, limits: ImageLimits = STUDIO_IMAGE_LIMITS): Promise<FileCheck> {
  if (!file) return { ok: false, error: messages.missing };
  if (file.size > limits.maxBytes) return { ok: false, error: messages.tooLarge };
  const head = await readHead(file, HEAD_BYTES);
  const kind = detectImageKind(head);
  if (!kind) return { ok: false, error: messages.invalidType };
  // Refused here, before any upload or charge; the worker checks the same header again.
  const size = readImageSize(head);
  if (size && size.width * size.height > limits.maxPixels) return { ok: false, error: messages.tooManyPixels(size.width, size.height) };
  return { ok: true, kind };
}

/** The first bytes of a file (FileReader: every browser, and jsdom in tests). */
export function readHead(file: Blob, length: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(file.slice(0, length));
  });
}
