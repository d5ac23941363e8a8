import * as z from 'zod';

/**
 * The competitor ad analyzer's shapes, shared by the screens and the worker (what the best ad tools read: hook,
 * format, offer, call to action, colours, text density, platform fit — each labelled with where it
 * came from). Meta's placements and their safe zones; the 5×5 grid of the old 20% text rule.
 */
export const AD_PLACEMENTS = {
  feed_square: { label: 'Feed 1:1', width: 1080, height: 1080, safe: { top: 0, bottom: 0 } },
  feed_portrait: { label: 'Feed 4:5', width: 1080, height: 1350, safe: { top: 0, bottom: 0 } },
  stories_reels: { label: 'Stories & Reels 9:16', width: 1080, height: 1920, safe: { top: 0.14, bottom: 0.35 } },
  pinterest: { label: 'Pinterest 2:3', width: 1000, height: 1500, safe: { top: 0, bottom: 0 } },
} as const;
export type AdPlacement = keyof typeof AD_PLACEMENTS;
export const AD_PLACEMENT_KEYS = Object.keys(AD_PLACEMENTS) as AdPlacement[];

/** Where the variations step renders to (the three sizes). */
export const VARIATION_PLACEMENTS = ['feed_square', 'feed_portrait', 'stories_reels'] as const satisfies readonly AdPlacement[];

export const AD_LIMITS = {
  /** A fetched ad (a URL): at most this many bytes. */
  maxFetchBytes: 20 * 1024 * 1024,
  /** An uploaded ad (an image, or a video whose first second is read): at most this many bytes. */
  maxUploadBytes: 20 * 1024 * 1024,
  /** Variations calls per user per hour (docs/spec.md §9's rate-limit check: 100 in 60 minutes). */
  variationsPerHour: 100,
  minVariations: 3,
  maxVariations: 6,
  /** Text covering more of the ad than this reads as busy (Meta's long-standing guidance). */
  maxTextShare: 0.2,
  /** Grid cells of 25 that may hold text under the old 20% rule. */
  maxTextCells: 5,
  /** WCAG AA for normal text. */
  minContrast: 4.5,
} as const;

const field = z.object({ text: z.string(), source: z.string(), estimate: z.boolean() });
export type AdField = z.infer<typeof field>;

export const adReportSchema = z.object({
  width: z.number(),
  height: z.number(),
  aspect: z.string(),
  text: z.object({
    full: z.string(),
    lines: z.array(z.object({ text: z.string(), box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }), confidence: z.number() })),
    confidence: z.number(),
    estimate: z.boolean(),
  }),
  headline: field.nullable(),
  offer: field.nullable(),
  cta: field.nullable(),
  price: field.nullable(),
  density: z.object({ share: z.number(), cells: z.array(z.boolean()), cellCount: z.number(), passes: z.boolean() }),
  palette: z.array(z.object({ hex: z.string(), share: z.number() })),
  contrast: z.object({ ratio: z.number(), text: z.string(), background: z.string(), passes: z.boolean(), source: z.string() }).nullable(),
  layout: z.object({
    text: z.string(),
    product: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullable(),
    productSide: z.enum(['left', 'centre', 'right']),
    /** Faces found, as shares of the ad's width and height (largest first); reports made before faces were looked for have none. */
    faces: z.array(z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })).default([]),
    note: z.string(),
  }),
  placements: z.array(z.object({ key: z.string(), label: z.string(), fits: z.boolean(), reason: z.string() })),
  score: z.number(),
  reasons: z.array(z.object({ good: z.boolean(), text: z.string() })),
});
export type AdReport = z.infer<typeof adReportSchema>;

/** What the user says about their own product for the variations. */
export const variationRequestSchema = z.object({
  headline: z.string().trim().min(1, 'Write your headline').max(60),
  offer: z.string().trim().max(40).default(''),
  /** The price as the user writes it ("$29.99", "19,99 €"); drawn large beside the offer. */
  price: z.string().trim().max(16).default(''),
  cta: z.string().trim().min(1, 'Write your call to action').max(24),
  placements: z.array(z.enum(VARIATION_PLACEMENTS)).min(1, 'Choose at least one size').max(3),
  count: z.number().int().min(AD_LIMITS.minVariations).max(AD_LIMITS.maxVariations).default(3),
});
export type VariationRequest = z.infer<typeof variationRequestSchema>;

/** WCAG contrast ratio of two sRGB colours given as #rrggbb. */
export function contrastRatio(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
