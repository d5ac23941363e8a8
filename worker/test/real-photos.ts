/**
 * Real photographs with hair-fine edges, for the cut-out's tests and bench/quality: a rambutan's
 * spines, a squirrel's tail, a lion's mane, a fox's fur. Each is a photograph someone cut out by hand
 * (a soft alpha along the fur; `real-photos/README.md` says where they come from), set on one of the
 * corpus's backdrops and saved as a phone would (JPEG) — as matting benchmarks do, so the truth is
 * the hand-made alpha and the pixels along the hairs are the camera's own.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { ProductFixture } from './lightbox-fixtures.js';
import { backdrop, PHOTO_SIZE as SIZE, type Backdrop } from './photo-corpus.js';

/** The photograph's longer side on the canvas. */
const FIT = 800;

export type RealSubject = 'rambutan' | 'squirrel' | 'lion' | 'fox';

export interface RealPhoto {
  id: string;
  subject: RealSubject;
  backdrop: Backdrop;
  /** What makes it hard, in words. */
  hard: string;
}

export const REAL_PHOTOS: RealPhoto[] = [
  { id: 'real-rambutan-plain', subject: 'rambutan', backdrop: 'plain', hard: 'a bunch of rambutans, hair-fine spines all round' },
  { id: 'real-rambutan-kitchen', subject: 'rambutan', backdrop: 'kitchen', hard: 'spines over a busy kitchen' },
  { id: 'real-squirrel-seamless', subject: 'squirrel', backdrop: 'seamless', hard: 'a bushy tail, light hairs on white' },
  { id: 'real-squirrel-floral', subject: 'squirrel', backdrop: 'floral', hard: 'a bushy tail over a floral' },
  { id: 'real-lion-plain', subject: 'lion', backdrop: 'plain', hard: 'a mane and a thin tail' },
  { id: 'real-lion-kitchen', subject: 'lion', backdrop: 'kitchen', hard: 'a mane over a busy kitchen' },
  { id: 'real-fox-cream', subject: 'fox', backdrop: 'cream', hard: 'orange fur on cream' },
  { id: 'real-fox-wood', subject: 'fox', backdrop: 'wood', hard: 'orange fur on orange wood' },
];

export interface RealPhotoFixture extends ProductFixture {
  /** The hand-made alpha at full size, soft along the hairs (`mask` is it at 128 and over). */
  alpha: Buffer;
}

export async function renderRealPhoto(photo: RealPhoto, seed = 1): Promise<RealPhotoFixture> {
  const file = fileURLToPath(new URL(`./real-photos/${photo.subject}.png`, import.meta.url));
  const cutout = await sharp(await readFile(file)).resize(FIT, FIT, { fit: 'inside', kernel: 'lanczos3' }).ensureAlpha().png().toBuffer();
  const { data: own, info } = await sharp(cutout).extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  const left = Math.round((SIZE - info.width) / 2);
  const top = Math.round((SIZE - info.height) / 2);
  const back = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">${backdrop(photo.backdrop, seed * 7919 + photo.id.length)}</svg>`);
  const jpeg = await sharp(await sharp(back).flatten({ background: '#fff' }).composite([{ input: cutout, left, top }]).png().toBuffer())
    .jpeg({ quality: 86 })
    .toBuffer();
  const alpha = Buffer.alloc(SIZE * SIZE);
  for (let y = 0; y < info.height; y++) own.copy(alpha, (top + y) * SIZE + left, y * info.width, (y + 1) * info.width);
  const mask = Buffer.from(alpha.map((a) => (a >= 128 ? 255 : 0)));
  return { name: photo.id, jpeg, mask, alpha, width: SIZE, height: SIZE };
}
