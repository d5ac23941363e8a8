/**
 * What a caption may say about a library item: the product's name as the user gave it (the
 * studio's form kept it in the job's options: Lightbox's product name, the UGC ad's product, the
 * 360° spin's title) and a line in the studio's own words (the ad's first benefit, the variation's
 * headline). Never a file name: a name that is only the file's name (`olive-oil-bottle-kitchen.jpg`,
 * "Olive oil bottle kitchen") is no product name, and neither is a studio's own label ("Refined
 * Image - Color Correction", "Ad analysis - …", "360° Spin"). No product name → null, and the
 * caption is written around it. One module for the app (src/domains/social/caption-facts.ts re-exports
 * it, as rules.ts does social-text.ts) and the social-caption function, which deploys on its own;
 * below, the model's prompt made from the facts.
 */
export interface CaptionRow {
  content_type: string;
  product_name: string | null;
  storage_path?: string | null;
  input_data?: unknown;
  metadata?: unknown;
}

export interface CaptionFacts {
  /** The product's name as the user wrote it, or null. */
  product: string | null;
  /** One line of the item's own words (a benefit, a headline), or null. */
  detail: string | null;
}

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim().replace(/\s+/g, ' ').slice(0, 120) : null);

const MEDIA_EXTENSION = /\.(jpe?g|png|webp|gif|heic|heif|avif|tiff?|bmp|mp4|mov|webm|m4v)$/i;
const TIMESTAMP = /^(\d{10,13}|\d{8}T?\d{6}|\d{4}-\d{2}-\d{2}([T_ ]\d{2}[-:]?\d{2}[-:]?\d{2})?)[_\- ]+/;
/** Names the studios give their results themselves: labels, not products. */
const STUDIO_LABELS = /^(refined image|ad analysis|lightbox( image)?|360 (spin|video)|ugc (video|ad))\s*[-–—]|^(360° spin|ad variation|refined image|untitled)$/i;

/** A name reduced to its words: "2026-11-22_olive-oil_Bottle.JPG" → "olive oil bottle". */
function words(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1).replace(MEDIA_EXTENSION, '');
  return base.replace(TIMESTAMP, '').replace(/[\s_.-]+/g, ' ').trim().toLowerCase();
}

/** True when `name` is a file name, or reads the same as one of the item's files. */
export function isFileName(name: string, files: readonly string[]): boolean {
  if (MEDIA_EXTENSION.test(name.trim()) || TIMESTAMP.test(name.trim())) return true;
  // A slug ("olive-oil-bottle-kitchen", "IMG_2041") is how files are named, not products.
  const bare = name.trim();
  if (!/\s/.test(bare) && (/_/.test(bare) || (/-.*-/.test(bare) && bare === bare.toLowerCase()))) return true;
  if (/^(img|dsc|pxl|photo|image|screenshot)[\s_-]*\d+$/i.test(name.trim())) return true;
  const own = words(name);
  return files.some((file) => own !== '' && words(file) === own);
}

/** The name a person gave it, if it is one. */
function productName(candidate: string | null, files: readonly string[]): string | null {
  if (!candidate || STUDIO_LABELS.test(candidate) || isFileName(candidate, files)) return null;
  return candidate;
}

export function captionFacts(row: CaptionRow): CaptionFacts {
  const input = record(row.input_data);
  const meta = record(row.metadata);
  const files = [row.storage_path, input.file_name, meta.file_name, input.source_path, input.image_path, meta.original_name].flatMap((f) => (typeof f === 'string' && f ? [f] : []));
  const product = record(input.product);
  const request = record(input.request ?? input);
  // The name the studio's form asked for, by studio; then what the row was named, where that is the user's title.
  const given: Record<string, unknown> = {
    lightbox: input.product_name,
    ugc_video: product.name,
    '360_video': input.title,
  };
  const named = ['lightbox', 'ugc_video', '360_video', 'uploaded_image'].includes(row.content_type) ? row.product_name : null;
  const name = productName(text(meta.product_name), files) ?? productName(text(given[row.content_type]), files) ?? productName(text(named), files);
  const benefits = Array.isArray(product.benefits) ? product.benefits : [];
  const detail = row.content_type === 'ugc_video' ? text(benefits.find((b) => text(b))) : row.content_type === 'facebook_ad' ? text(request.headline) : null;
  return { product: name, detail };
}

const STUDIO_NAMES: Record<string, string> = {
  lightbox: 'a studio product photo',
  refine_image: 'a retouched product photo',
  '360_video': 'a 360° spin video of the product',
  ugc_video: 'a UGC-style video ad',
  facebook_ad: 'an ad image',
  uploaded_image: 'a product photo',
};

/** The model's instructions and the item's facts: the user's product name or none, and the item's own words. */
export function captionMessages(row: CaptionRow, platforms: readonly string[], limit: number): { role: 'system' | 'user'; content: string }[] {
  const facts = captionFacts(row);
  const lines = [
    facts.product ? `Product name: ${facts.product}` : 'Product name: none given. Do not name the product, and do not call it "our product" or "this product": write around it.',
    `Media: ${STUDIO_NAMES[row.content_type] ?? 'a product photo'}`,
    facts.detail ? `In the seller's words: ${facts.detail}` : '',
  ];
  return [
    {
      role: 'system',
      content: `You write social media captions for small online shops. Write one caption for ${platforms.join(', ')}, at most ${limit} characters including up to 5 relevant hashtags at the end. Use only the facts given; never use a file name as a product name. Grammatical English: every sentence starts with a capital letter and ends with a full stop, question mark or exclamation mark; no doubled words or articles. Plain text only, no quotes.`,
    },
    { role: 'user', content: lines.filter(Boolean).join('\n') },
  ];
}
