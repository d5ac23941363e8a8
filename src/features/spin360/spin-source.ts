import { MAX_UPLOAD_BYTES } from '@shotcraft/shared/jobs/contract.ts';
import { IMAGE_KINDS, validateImageFile, type ImageFileMessages, type StudioMessage } from '@/domains/jobs/image-file';
import { SPIN_LIMITS } from '@shotcraft/shared/jobs/studios/spin360.ts';
import { detectVideo, type VideoMime } from '@/domains/jobs/video-file';

/**
 * A spin's input in the browser: a photo sequence or one turntable video, checked before any
 * upload or charge (count, type by first bytes, size, pixels, one orientation, decodable; the
 * video's container, size and length). The worker checks it all again.
 */
export interface SpinFrame {
  id: string;
  file: File;
  /** A small JPEG for the frame strip (object URL). */
  thumbUrl: string;
  /** Upright size (EXIF orientation applied). */
  width: number;
  height: number;
  /** What is uploaded: the photo, or a copy at most UPLOAD_LONG_SIDE px long when it is bigger. */
  upload: Blob;
  /** The upload's type, from its bytes. */
  uploadMime: string;
}

export interface SpinVideo {
  file: File;
  mime: VideoMime;
  url: string;
  /** Seconds, when the browser could read it (it cannot play every codec the worker reads). */
  duration: number | null;
}

/** Photos are sent at most this long: the spin's outputs are 1200 px, the rest is upload time. */
export const UPLOAD_LONG_SIDE = 2400;

export type Orientation = 'portrait' | 'landscape' | 'square';
export function orientationOf(width: number, height: number): Orientation {
  const ratio = width / height;
  if (Math.abs(ratio - 1) <= 0.03) return 'square';
  return ratio > 1 ? 'landscape' : 'portrait';
}

/** The first number in a name orders a sequence (IMG_0042, mug-12); then capture time, then name. */
export function sequenceOrder(a: File, b: File): number {
  const number = (name: string) => Number(/\d+/.exec(name)?.[0] ?? Number.POSITIVE_INFINITY);
  const byNumber = number(a.name) - number(b.name);
  if (byNumber) return byNumber;
  return a.lastModified - b.lastModified || a.name.localeCompare(b.name);
}

export const SPIN_MESSAGES = {
  missing: { title: 'No photos or video selected', description: 'Add 8 to 72 photos of your product, or one turntable video.' },
  tooFew: (n: number): StudioMessage => ({ title: 'Not enough photos', description: `A spin needs at least ${SPIN_LIMITS.minFrames} photos; you have ${n}. Add more.` }),
  tooMany: (n: number): StudioMessage => ({ title: 'Too many photos', description: `A spin takes at most ${SPIN_LIMITS.maxFrames} photos; you chose ${n}. Remove some.` }),
  mixed: (name: string, is: Orientation, first: Orientation): StudioMessage => ({
    title: 'Mixed orientations',
    description: `${name} is ${is} but the sequence starts ${first}: every photo of a spin must have the same orientation.`,
  }),
  undecodable: (name: string): StudioMessage => ({ title: 'Photo could not be read', description: `${name} could not be decoded. It may be damaged; export it again.` }),
  mixedKinds: { title: 'Photos or a video', description: 'Choose photos or one video, not both.' },
  oneVideo: { title: 'One video at a time', description: 'A spin is made from one turntable video. Choose a single video.' },
  videoType: { title: 'Invalid file type', description: 'Please choose an MP4, MOV or WebM video.' },
  videoTooLarge: { title: 'Video too large', description: `Please choose a video smaller than ${SPIN_LIMITS.maxVideoBytes / 1024 / 1024} MB.` },
  videoTooLong: (seconds: number): StudioMessage => ({
    title: 'Video too long',
    description: `The video is ${Math.round(seconds)} s long; a turntable video may be at most ${SPIN_LIMITS.maxVideoSeconds} s. Trim it to one turn.`,
  }),
  insufficientCredits: { title: 'Insufficient Credits', description: "You don't have enough credits to create a 360° spin. Please upgrade your plan." },
} as const;

/** Per-photo file checks (type, 50 MB, pixels), worded with the photo's name. */
const photoMessages = (name: string): ImageFileMessages => ({
  missing: SPIN_MESSAGES.missing,
  tooLarge: { title: 'File too large', description: `${name} is over ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Choose a smaller photo.` },
  invalidType: { title: 'Invalid file type', description: `${name} is not a JPEG, PNG, WebP, GIF or BMP image.` },
  previewFailed: SPIN_MESSAGES.undecodable(name),
  tooManyPixels: (w, h) => ({ title: 'Image too large', description: `${name} is ${w}×${h} pixels, over the 40-megapixel limit.` }),
});

/** Decodes a photo once: its upright size, a thumbnail, and the copy to upload. Browser only. */
export interface PhotoDecoder {
  decode(file: File): Promise<{ width: number; height: number; thumb: Blob; upload: Blob }>;
}

const canvasBlob = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode failed'))), 'image/jpeg', quality));

function drawn(bitmap: ImageBitmap, longSide: number): HTMLCanvasElement {
  const scale = Math.min(1, longSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return canvas;
}

export const browserDecoder: PhotoDecoder = {
  async decode(file) {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    try {
      const thumb = await canvasBlob(drawn(bitmap, 240), 0.8);
      const big = Math.max(bitmap.width, bitmap.height) > UPLOAD_LONG_SIDE;
      const upload = big ? await canvasBlob(drawn(bitmap, UPLOAD_LONG_SIDE), 0.92) : file;
      return { width: bitmap.width, height: bitmap.height, thumb, upload };
    } finally {
      bitmap.close();
    }
  },
};

export type Checked<T> = { ok: true; value: T } | { ok: false; error: StudioMessage };

/** Checks and prepares a photo sequence, in the sequence's order; `onProgress(done, total)`. */
export async function prepareFrames(files: File[], decoder: PhotoDecoder, onProgress?: (done: number, total: number) => void): Promise<Checked<SpinFrame[]>> {
  if (files.length < SPIN_LIMITS.minFrames) return { ok: false, error: SPIN_MESSAGES.tooFew(files.length) };
  if (files.length > SPIN_LIMITS.maxFrames) return { ok: false, error: SPIN_MESSAGES.tooMany(files.length) };
  const sorted = [...files].sort(sequenceOrder);
  const frames: SpinFrame[] = [];
  for (const file of sorted) {
    const check = await validateImageFile(file, photoMessages(file.name));
    if (!check.ok) return release(frames, check.error);
    let decoded: Awaited<ReturnType<PhotoDecoder['decode']>>;
    try {
      decoded = await decoder.decode(file);
    } catch {
      return release(frames, SPIN_MESSAGES.undecodable(file.name));
    }
    const first = frames[0];
    const is = orientationOf(decoded.width, decoded.height);
    if (first && is !== orientationOf(first.width, first.height)) {
      return release(frames, SPIN_MESSAGES.mixed(file.name, is, orientationOf(first.width, first.height)));
    }
    frames.push({ id: crypto.randomUUID(), file, thumbUrl: URL.createObjectURL(decoded.thumb), width: decoded.width, height: decoded.height, upload: decoded.upload, uploadMime: decoded.upload === file ? IMAGE_KINDS[check.kind].mime : 'image/jpeg' });
    onProgress?.(frames.length, sorted.length);
  }
  return { ok: true, value: frames };
}

function release(frames: SpinFrame[], error: StudioMessage): Checked<never> {
  for (const f of frames) URL.revokeObjectURL(f.thumbUrl);
  return { ok: false, error };
}

/** The video's length as the browser reads it; null when it cannot play this codec. */
function readDuration(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const done = (value: number | null) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      resolve(value);
    };
    const timer = setTimeout(() => done(null), 5000);
    video.preload = 'metadata';
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? video.duration : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}

export async function prepareVideo(file: File, durationOf: (url: string) => Promise<number | null> = readDuration): Promise<Checked<SpinVideo>> {
  if (file.size > SPIN_LIMITS.maxVideoBytes) return { ok: false, error: SPIN_MESSAGES.videoTooLarge };
  const mime = await detectVideo(file);
  if (!mime) return { ok: false, error: SPIN_MESSAGES.videoType };
  const url = URL.createObjectURL(file);
  const duration = await durationOf(url);
  if (duration !== null && duration > SPIN_LIMITS.maxVideoSeconds) {
    URL.revokeObjectURL(url);
    return { ok: false, error: SPIN_MESSAGES.videoTooLong(duration) };
  }
  return { ok: true, value: { file, mime, url, duration } };
}

/** Sorts a drop or a pick into photos or a video (never both). */
export function splitSelection(files: File[]): Checked<{ kind: 'frames'; files: File[] } | { kind: 'video'; file: File }> {
  if (files.length === 0) return { ok: false, error: SPIN_MESSAGES.missing };
  const isVideo = (f: File) => f.type.startsWith('video/') || /\.(mp4|mov|webm|m4v)$/i.test(f.name);
  const videos = files.filter(isVideo);
  if (videos.length === 0) return { ok: true, value: { kind: 'frames', files } };
  if (videos.length < files.length) return { ok: false, error: SPIN_MESSAGES.mixedKinds };
  if (videos.length > 1) return { ok: false, error: SPIN_MESSAGES.oneVideo };
  return { ok: true, value: { kind: 'video', file: videos[0]! } };
}
