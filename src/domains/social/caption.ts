/**
 * Generate Caption, done locally: a caption written from what we know of the content — the
 * product's name the user gave, the studio that made it and the item's own words — fitted to
 * the platforms chosen (short enough for X when X is among them; Instagram's recommended number of hashtags at most).
 * Each call with a new `variant` gives another wording.
 */
import type { SocialPlatform } from './platforms';
import { captionLength, PLATFORM_RULES } from './rules';

export interface CaptionSource {
  /** The product's name as the user gave it (src/domains/social/caption-facts.ts), or null: then no product is named. */
  product: string | null;
  /** The content's type: lightbox, refine_image, 360_video, ugc_video, facebook_ad, uploaded_image. */
  contentType: string;
  /** A line in the item's own words (the ad's first benefit, a headline), when there is one. */
  detail?: string | null;
}

const STUDIO_LINES: Record<string, string[]> = {
  lightbox: ['Clean, bright and ready for the catalog.', 'Studio light, nothing in the way.', 'Every detail, on a clean background.'],
  refine_image: ['Freshly retouched and looking its best.', 'Sharper, brighter, better.', 'The details you will notice first.'],
  '360_video': ['Take it for a spin: every angle, all the way around.', 'See it from every side.', 'A full turn, nothing hidden.'],
  ugc_video: ['Real people, real reactions.', 'See why everyone is talking about it.', 'Straight from our community.'],
  facebook_ad: ['Made to stop the scroll.', 'You will want a closer look.', 'Here is what you have been missing.'],
  uploaded_image: ['A closer look.', 'Our latest favourite.', 'New in, and we love it.'],
};
// No article before the name: a product name carries its own ("The Arctic Flask") or needs none ("Cretan Estate Olive Oil").
const OPENERS = ['Meet {p}.', 'Say hello to {p}.', '{p} is here.', 'Introducing {p}.', '{p}, up close.'];
// Without a product name the caption is written around it, never "our product".
const UNNAMED_OPENERS = ['Fresh from our studio.', 'Just landed in the shop.', 'Look what just arrived.', 'Here it is.', 'Now in the shop.'];
const CALLS = ['Shop now, link in bio.', 'Tap to shop.', 'Available now.', 'Get yours today.', 'Which colour would you pick?'];
const STOP = new Set(['the', 'and', 'for', 'with', 'of', 'a', 'an', 'in', 'on', 'to', 'new']);

/** Hashtags from the product's own words, then general ones. */
function hashtags(source: CaptionSource): string[] {
  const words = (source.product ?? '')
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .map((w) => w.toLowerCase())
    .filter((w) => w.length > 2 && !STOP.has(w));
  const joined = words.slice(0, 3).join('');
  const general = source.contentType.includes('video') ? ['productvideo', 'newarrivals', 'shopsmall'] : ['productphotography', 'newarrivals', 'shopsmall'];
  return [...new Set([joined, ...words.slice(0, 2), ...general].filter(Boolean))];
}

const pick = <T,>(list: T[], n: number) => list[((n % list.length) + list.length) % list.length]!;

/** A sentence: first letter capitalised, one end mark. */
function sentence(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  const capital = `${t.charAt(0).toUpperCase()}${t.slice(1)}`;
  return /[.!?…]$/.test(capital) ? capital : `${capital.replace(/[,;:]+$/, '')}.`;
}

export function generateCaption(source: CaptionSource, platforms: readonly SocialPlatform[], variant = 0): string {
  const product = source.product?.trim().replace(/[.,;:]+$/, '') ?? '';
  const opener = product ? sentence(pick(OPENERS, variant).replace('{p}', product)).replace(/([!?])\.$/, '$1') : pick(UNNAMED_OPENERS, variant);
  const detail = source.detail?.trim() ? ` ${sentence(source.detail)}` : '';
  const line = pick(STUDIO_LINES[source.contentType] ?? STUDIO_LINES.uploaded_image!, variant + 1);
  const call = pick(CALLS, variant + 2);
  const recommended = Math.min(...platforms.map((p) => PLATFORM_RULES[p].hashtags.recommended ?? 5), 5);
  const tags = hashtags(source).slice(0, Math.max(recommended, 1)).map((t) => `#${t}`);

  // Drop the optional parts until it fits every chosen platform.
  const drafts = [
    `${opener}${detail} ${line} ${call}\n\n${tags.join(' ')}`,
    `${opener} ${line} ${call}\n\n${tags.slice(0, 3).join(' ')}`,
    `${opener} ${call} ${tags.slice(0, 2).join(' ')}`,
    `${opener} ${tags.slice(0, 1).join(' ')}`,
  ];
  const fits = (text: string) => platforms.every((p) => captionLength(p, text) <= PLATFORM_RULES[p].textLimit.image);
  return drafts.find(fits) ?? drafts[drafts.length - 1]!;
}
