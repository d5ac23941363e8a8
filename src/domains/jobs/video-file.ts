import { readHead } from './image-file';

/** The video containers the studios take (a turntable video, a video ad), by type. */
export const VIDEO_KINDS = {
  'video/mp4': { ext: 'mp4', label: 'MP4' },
  'video/quicktime': { ext: 'mov', label: 'MOV' },
  'video/webm': { ext: 'webm', label: 'WebM' },
} as const;
export type VideoMime = keyof typeof VIDEO_KINDS;

/** MP4/MOV start with an ISO box, WebM with EBML: the type comes from the bytes, not the name. Needs 12 bytes. */
export function detectVideoKind(bytes: Uint8Array): VideoMime | null {
  const box = String.fromCharCode(...bytes.subarray(4, 8));
  if (box === 'ftyp') return String.fromCharCode(...bytes.subarray(8, 12)) === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  if (['moov', 'mdat', 'wide', 'free'].includes(box)) return 'video/quicktime';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'video/webm';
  return null;
}

export async function detectVideo(file: Blob): Promise<VideoMime | null> {
  return detectVideoKind(await readHead(file, 16));
}
