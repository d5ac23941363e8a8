/**
 * What each platform accepts, and the checks the composer runs while the user writes: text length
 * (X counts its own way), hashtags, and the file's type, size and shape. Figures from each
 * platform's publishing documentation. A problem is an error
 * (the platform would refuse the post) or a warning (it would post, but not well), with the fix
 * the composer can make when there is one.
 */
import { captionLength, captionTooLong, TEXT_LIMITS } from '@shotcraft/shared/social-text.ts';
import type { SocialPlatform } from './platforms';

export interface MediaFacts {
  kind: 'image' | 'video';
  mimeType: string;
  bytes: number | null;
  width: number | null;
  height: number | null;
}

interface PlatformRules {
  /** Caption characters, as the platform counts them (social-text.ts: X weighted). */
  textLimit: { image: number; video: number };
  /** The hashtags the platform allows at most, and how many it recommends. */
  hashtags: { max: number | null; recommended: number | null };
  image: { types: string[]; maxBytes: number; aspect: [number, number] | null } | null;
  video: { types: string[]; maxBytes: number } | null;
}

const MB = 1024 * 1024;

export const PLATFORM_RULES: Record<SocialPlatform, PlatformRules> = {
  instagram: {
    textLimit: TEXT_LIMITS.instagram,
    hashtags: { max: 30, recommended: 5 },
    // Feed images: JPEG only, 8 MB, between 4:5 (portrait) and 1.91:1 (landscape).
    image: { types: ['image/jpeg'], maxBytes: 8 * MB, aspect: [4 / 5, 1.91] },
    video: { types: ['video/mp4', 'video/quicktime'], maxBytes: 300 * MB },
  },
  facebook: {
    textLimit: TEXT_LIMITS.facebook,
    hashtags: { max: null, recommended: 3 },
    image: { types: ['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/tiff'], maxBytes: 4 * MB, aspect: null },
    video: { types: ['video/mp4', 'video/quicktime'], maxBytes: 1024 * MB },
  },
  twitter: {
    textLimit: TEXT_LIMITS.twitter,
    hashtags: { max: null, recommended: 2 },
    image: { types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'], maxBytes: 5 * MB, aspect: null },
    video: { types: ['video/mp4', 'video/quicktime'], maxBytes: 512 * MB },
  },
  tiktok: {
    // Video captions 2,200; photo posts carry a 4,000-character description (and a 90-character title).
    textLimit: TEXT_LIMITS.tiktok,
    hashtags: { max: null, recommended: 5 },
    image: { types: ['image/jpeg', 'image/webp'], maxBytes: 20 * MB, aspect: null },
    video: { types: ['video/mp4', 'video/webm', 'video/quicktime'], maxBytes: 4096 * MB },
  },
  pinterest: {
    // The pin's description.
    textLimit: TEXT_LIMITS.pinterest,
    hashtags: { max: 20, recommended: null },
    image: { types: ['image/jpeg', 'image/png', 'image/webp', 'image/bmp', 'image/tiff'], maxBytes: 20 * MB, aspect: null },
    video: { types: ['video/mp4', 'video/quicktime', 'video/x-m4v'], maxBytes: 2048 * MB },
  },
};

export { captionLength, xWeightedLength } from '@shotcraft/shared/social-text.ts';

export function textLimit(platform: SocialPlatform, media: MediaFacts['kind']): number {
  return PLATFORM_RULES[platform].textLimit[media];
}

/** The caption's hashtags (docs/spec.md §5: the words after #). */
/** The placeholders a caption template may hold (src/domains/social/templates.ts). */
export const PLACEHOLDERS = ['{product}', '{offer}', '{link}'] as const;

/** The placeholders a caption still holds, to fill before it is posted. */
export const unfilledPlaceholders = (caption: string): string[] => PLACEHOLDERS.filter((p) => caption.includes(p));

export const hashtagsOf = (caption: string) => [...caption.matchAll(/#([\p{L}\p{N}_]+)/gu)].map((m) => m[1]!);

/**
 * The caption cut to fit: at the last word boundary before the limit, with an ellipsis, keeping
 * the hashtags at its end when they fit.
 */
export function trimCaption(platform: SocialPlatform, caption: string, media: MediaFacts['kind']): string {
  const limit = textLimit(platform, media);
  if (captionLength(platform, caption) <= limit) return caption;
  const tags = hashtagsOf(caption).map((t) => `#${t}`);
  const tail = tags.length ? ` ${tags.slice(0, 3).join(' ')}` : '';
  const room = captionLength(platform, tail) + 1 < limit / 2 ? limit - captionLength(platform, tail) - 1 : limit - 1;
  const body = caption.replace(/(^|\s)#[\p{L}\p{N}_]+/gu, '').trim();
  let cut = '';
  for (const word of body.split(/(\s+)/)) {
    if (captionLength(platform, cut + word) > room) break;
    cut += word;
  }
  if (!cut) cut = [...body].slice(0, room).join('');
  const kept = `${cut.trimEnd()}…`;
  return captionLength(platform, kept + tail) <= limit ? kept + tail : kept;
}

/** trim: shorten the caption; fit: make a JPEG version of the image every chosen platform takes. */
export type Fix = 'trim' | 'fit';

export interface Problem {
  severity: 'error' | 'warning';
  /** What it is about. */
  topic: 'caption' | 'hashtags' | 'type' | 'size' | 'aspect';
  message: string;
  fix?: Fix;
}

const mb = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;
const TYPE_NAMES: Record<string, string> = {
  'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP', 'image/gif': 'GIF', 'image/bmp': 'BMP', 'image/tiff': 'TIFF',
  'video/mp4': 'MP4', 'video/quicktime': 'MOV', 'video/webm': 'WebM', 'video/x-m4v': 'M4V',
};
const typeName = (mime: string) => TYPE_NAMES[mime] ?? (mime.split('/')[1]?.toUpperCase() || 'this type');

/** Every problem a post of this caption and file would meet on the platform. */
export function checkPost(platform: SocialPlatform, caption: string, media: MediaFacts): Problem[] {
  const rules = PLATFORM_RULES[platform];
  const problems: Problem[] = [];
  const tooLong = captionTooLong(platform, caption, media.kind);
  if (tooLong) problems.push({ severity: 'error', topic: 'caption', message: tooLong, fix: 'trim' });
  const unfilled = unfilledPlaceholders(caption);
  if (unfilled.length) problems.push({ severity: 'error', topic: 'caption', message: `Fill in ${unfilled.join(', ')} before posting.` });

  const tags = hashtagsOf(caption).length;
  if (rules.hashtags.max !== null && tags > rules.hashtags.max) problems.push({ severity: 'error', topic: 'hashtags', message: `${tags} hashtags; at most ${rules.hashtags.max} are allowed.` });
  else if (rules.hashtags.recommended !== null && tags > rules.hashtags.recommended) problems.push({ severity: 'warning', topic: 'hashtags', message: `${tags} hashtags; ${rules.hashtags.recommended} or fewer do best.` });

  const allowed = media.kind === 'image' ? rules.image : rules.video;
  if (!allowed) {
    problems.push({ severity: 'error', topic: 'type', message: `${media.kind === 'image' ? 'Images' : 'Videos'} cannot be posted here.` });
    return problems;
  }
  if (media.mimeType && !allowed.types.includes(media.mimeType)) {
    problems.push({ severity: 'error', topic: 'type', message: `${typeName(media.mimeType)} is not accepted; use ${allowed.types.map(typeName).join(', ')}.`, ...(media.kind === 'image' ? { fix: 'fit' as const } : {}) });
  }
  if (media.bytes !== null && media.bytes > allowed.maxBytes) problems.push({ severity: 'error', topic: 'size', message: `The file is ${mb(media.bytes)}; the limit is ${mb(allowed.maxBytes)}.`, ...(media.kind === 'image' ? { fix: 'fit' as const } : {}) });
  const aspect = media.kind === 'image' && rules.image?.aspect;
  if (aspect && media.width && media.height) {
    const ratio = media.width / media.height;
    if (ratio < aspect[0] - 0.005 || ratio > aspect[1] + 0.005) problems.push({ severity: 'error', topic: 'aspect', message: `The image is ${media.width}×${media.height}; it must be between 4:5 and 1.91:1.`, fix: 'fit' });
  }
  return problems;
}

export const blocks = (problems: Problem[]) => problems.some((p) => p.severity === 'error');

/** What one image must meet for all of these platforms: the smallest size limit and the tightest aspect range. */
export function fitFor(platforms: readonly SocialPlatform[]): { maxBytes: number; aspect: [number, number] | null } {
  let maxBytes = 50 * MB;
  let aspect: [number, number] | null = null;
  for (const p of platforms) {
    const image = PLATFORM_RULES[p].image;
    if (!image) continue;
    // JPEG is accepted everywhere; keep a margin under each limit for the encoder's variation.
    maxBytes = Math.min(maxBytes, Math.floor(image.maxBytes * 0.95));
    if (image.aspect) aspect = aspect ? [Math.max(aspect[0], image.aspect[0]), Math.min(aspect[1], image.aspect[1])] : [...image.aspect];
  }
  return { maxBytes, aspect };
}
