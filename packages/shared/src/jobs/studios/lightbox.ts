import * as z from 'zod';

/**
 * Marketplace output presets: the size each marketplace wants and the
 * rules a result is checked against. Amazon's main-image rules are the strict ones: 2000×2000,
 * background exactly #FFFFFF, the product filling at least 85% of the frame, JPEG.
 */
export const OUTPUT_PRESET_KEYS = ['amazon', 'shopify', 'etsy', 'instagram', 'pinterest', 'original'] as const;
export type OutputPresetKey = (typeof OUTPUT_PRESET_KEYS)[number];

export interface OutputPreset {
  key: OutputPresetKey;
  label: string;
  /** Null: the photo's own size. */
  size: { width: number; height: number } | null;
  /** How much of the frame's limiting side the product spans. */
  fill: number;
  /** Rules the result must pass, shown as a compliance list. */
  rules: {
    exactSize?: boolean;
    minShortSide?: number;
    /** Every border pixel exactly #FFFFFF. */
    pureWhiteBackground?: boolean;
    /** The product's longer extent over the frame's side. */
    minFill?: number;
    format?: 'jpeg';
  };
}

export const OUTPUT_PRESETS: Record<OutputPresetKey, OutputPreset> = {
  amazon: {
    key: 'amazon',
    label: 'Amazon main image',
    size: { width: 2000, height: 2000 },
    fill: 0.88,
    rules: { exactSize: true, pureWhiteBackground: true, minFill: 0.85, format: 'jpeg' },
  },
  shopify: { key: 'shopify', label: 'Shopify', size: { width: 2048, height: 2048 }, fill: 0.8, rules: { exactSize: true } },
  etsy: { key: 'etsy', label: 'Etsy', size: { width: 2700, height: 2025 }, fill: 0.75, rules: { minShortSide: 2000 } },
  instagram: { key: 'instagram', label: 'Instagram feed', size: { width: 1080, height: 1350 }, fill: 0.72, rules: { exactSize: true } },
  pinterest: { key: 'pinterest', label: 'Pinterest', size: { width: 1000, height: 1500 }, fill: 0.7, rules: { exactSize: true } },
  original: { key: 'original', label: 'Original size', size: null, fill: 0.8, rules: {} },
};

/** Backdrops: a colour or gradient the user picks, or their own words (docs/spec.md §7 background description). */
export const BACKGROUND_KEYS = ['white', 'studio-grey', 'colour', 'gradient', 'transparent', 'description'] as const;
export type BackgroundKey = (typeof BACKGROUND_KEYS)[number];

export const BACKGROUND_LABELS: Record<BackgroundKey, string> = {
  white: 'Pure white',
  'studio-grey': 'Light grey studio sweep',
  colour: 'Colour',
  gradient: 'Gradient',
  transparent: 'Transparent (PNG)',
  description: 'Describe it',
};

export const SHADOW_KEYS = ['none', 'contact', 'reflection'] as const;
export type ShadowKey = (typeof SHADOW_KEYS)[number];

export const SHADOW_LABELS: Record<ShadowKey, string> = {
  none: 'No shadow',
  contact: 'Soft contact shadow',
  reflection: 'Reflection',
};

/** The lightbox form's own fields (docs/spec.md §7), beside the shared ones, and the options start_job keeps. */
export interface LightboxOptions {
  product_name: string;
  background: BackgroundKey;
  /** #rrggbb for 'colour'; two for 'gradient' (from, to). */
  colour: string;
  colour_to: string;
  background_description: string;
  shadow: ShadowKey;
  output: OutputPresetKey;
}

export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** A compliance rule's outcome, as the worker reports it and the studio lists it. */
export interface ComplianceCheck {
  rule: string;
  passed: boolean;
  detail: string;
}

/** A box as fractions of its image's width and height (0–1). */
export interface FractionBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where the product was in the photo (`from`, fractions of the photo) and where the lightbox image
 * put it (`to`, fractions of the result): the before/after view lines the photo up with the result
 * by it. Fractions, so it holds whatever size the stored original is kept at.
 */
export interface LightboxFraming {
  from: FractionBox;
  to: FractionBox;
}

const isBox = (v: unknown): v is FractionBox => {
  if (!v || typeof v !== 'object') return false;
  const { left, top, width, height } = v as Record<string, unknown>;
  return [left, top, width, height].every((n) => typeof n === 'number' && Number.isFinite(n) && n >= -1 && n <= 2) && (width as number) > 0 && (height as number) > 0;
};

/** A stored result's framing, or null when it has none (results made before it was recorded) or it is malformed. */
export function parseFraming(v: unknown): LightboxFraming | null {
  if (!v || typeof v !== 'object') return null;
  const { from, to } = v as Record<string, unknown>;
  return isBox(from) && isBox(to) ? { from, to } : null;
}

/** The lightbox options, checked in the form before anything is uploaded or charged, and again by the worker. */
export const lightboxOptionsSchema = z
  .object({
    product_name: z.string().trim().min(1, 'Product name is required').max(120, 'Keep the product name under 120 characters'),
    background: z.enum(BACKGROUND_KEYS),
    colour: z.string().regex(HEX_COLOUR, 'Choose a colour'),
    colour_to: z.string().regex(HEX_COLOUR, 'Choose a colour'),
    background_description: z.string().trim().max(300, 'Keep the description under 300 characters'),
    shadow: z.enum(SHADOW_KEYS),
    output: z.enum(OUTPUT_PRESET_KEYS),
  })
  .refine((o) => o.background !== 'description' || o.background_description.length > 0, {
    path: ['background_description'],
    message: 'Describe the background you want, e.g. "warm marble" or "pastel pink gradient"',
  });

