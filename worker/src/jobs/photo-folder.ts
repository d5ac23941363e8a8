import { rename } from 'node:fs/promises';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { WorkerError } from '../http/errors.js';
import { mapLimit } from '../map-limit.js';
import { downloadSource, listSources } from '../storage.js';
import type { RunTools, SourceLimits } from './studio.js';
import { ACCEPTED_TYPES_TEXT, readHead, sniffImageType } from '../image/validate.js';

/**
 * A folder of photos in raw-uploads (a spin's sequence, an ad's product shots): the studios upload
 * each as `NNN_<name>` in the order the user chose, so the first number in a name orders them.
 * Every photo is checked from its header before any work, and a refusal names it.
 */

/** One photo of a folder, on disk, with the size EXIF orientation gives it. */
export interface FolderPhoto {
  file: string;
  /** 'Photo 3 (mug.jpg)': how refusals name it (the studio's `NNN_` order prefix removed). */
  label: string;
  width: number;
  height: number;
}

export interface FolderRules {
  min: number;
  max: number;
  maxTotalBytes: number;
  /** Every photo portrait, landscape or square like the first (a spin's frames). */
  sameOrientation: boolean;
  /** 'A spin' / 'An ad': the refusals' subject. */
  subject: string;
  /** The share of the run's progress the downloads take (0–1). */
  progressShare: number;
}

/** The first number in a name orders a sequence (`007_IMG_0042.jpg`, `mug-12.jpg`); ties by name. */
export function sequenceOrder(a: string, b: string): number {
  const number = (name: string) => Number(/\d+/.exec(name)?.[0] ?? Number.POSITIVE_INFINITY);
  return number(a) - number(b) || a.localeCompare(b);
}

const displayName = (name: string) => name.replace(/^\d{3}_/, '');

/** Portrait, landscape or square (within 3%). */
export function orientationOf(width: number, height: number): 'portrait' | 'landscape' | 'square' {
  const ratio = width / height;
  if (Math.abs(ratio - 1) <= 0.03) return 'square';
  return ratio > 1 ? 'landscape' : 'portrait';
}

/** Checks one photo from its header: type by magic bytes, pixels, and its upright size. */
async function checkPhoto(file: string, label: string, maxPixels: number): Promise<FolderPhoto> {
  if (!sniffImageType(await readHead(file, 32))) {
    throw new WorkerError('unsupported_type', `${label} is not a ${ACCEPTED_TYPES_TEXT} image.`);
  }
  const undecodable = () => new WorkerError('undecodable_image', `${label} could not be decoded. It may be damaged; export it again and retry.`);
  let meta: sharp.Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw undecodable();
  }
  const { width = 0, height = 0 } = meta;
  if (width < 1 || height < 1) throw undecodable();
  if (width * height > maxPixels) {
    throw new WorkerError('too_many_pixels', `${label} is ${width}×${height} pixels, over the ${Math.round(maxPixels / 1e6)}-megapixel limit.`);
  }
  // EXIF orientations 5–8 turn the photo a quarter: its upright size is the other way round.
  const turned = (meta.orientation ?? 1) >= 5;
  return { file, label, width: turned ? height : width, height: turned ? width : height };
}

/** Downloads and checks a folder's photos into `dir`, in sequence order. */
export async function readPhotoFolder(service: SupabaseClient, folder: string, dir: string, limits: SourceLimits, tools: RunTools, rules: FolderRules): Promise<FolderPhoto[]> {
  const listed = (await listSources(service, folder, rules.max + 1)).sort((a, b) => sequenceOrder(a.name, b.name));
  if (listed.length < rules.min || listed.length > rules.max) {
    throw new WorkerError(
      'invalid_frames',
      listed.length > rules.max
        ? `${rules.subject} takes at most ${rules.max} photos; this upload has more. Remove some and try again.`
        : `${rules.subject} needs at least ${rules.min} photo${rules.min === 1 ? '' : 's'}; this upload has ${listed.length}. Add more and try again.`,
    );
  }
  const total = listed.reduce((sum, o) => sum + o.bytes, 0);
  if (total > rules.maxTotalBytes) {
    throw new WorkerError('file_too_large', `The photos add up to ${Math.round(total / 1024 / 1024)} MB; ${rules.subject.toLowerCase()} takes at most ${rules.maxTotalBytes / 1024 / 1024} MB.`);
  }

  let done = 0;
  const photos = await mapLimit(listed, 6, async (object, index) => {
    const label = `Photo ${index + 1} (${displayName(object.name)})`;
    const source = await downloadSource(service, `${folder.replace(/\/+$/, '')}/${object.name}`, limits.maxUploadBytes, `${label} is over the ${Math.round(limits.maxUploadBytes / 1024 / 1024)} MB limit.`);
    const file = path.join(dir, `source-${String(index).padStart(3, '0')}`);
    await rename(source.path, file).catch(async () => {
      await source.cleanup();
      throw new WorkerError('backend_unavailable', 'The uploaded photos could not be read. Please try again.');
    });
    if (source.bytes === 0) throw new WorkerError('empty_file', `${label} is empty (0 bytes).`);
    const photo = await checkPhoto(file, label, limits.maxPixels);
    tools.progress((rules.progressShare * ++done) / listed.length);
    return photo;
  });

  if (rules.sameOrientation) {
    const first = orientationOf(photos[0]!.width, photos[0]!.height);
    const odd = photos.find((p) => orientationOf(p.width, p.height) !== first);
    if (odd) {
      throw new WorkerError('invalid_frames', `${odd.label} is ${orientationOf(odd.width, odd.height)} but the sequence starts ${first}: every photo of ${rules.subject.toLowerCase().replace(/^an? /, 'a ')} must have the same orientation.`);
    }
  }
  return photos;
}
