import * as z from 'zod';

/**
 * The UGC video creator's shapes, read by the studio's form and by the worker (which checks the
 * job's options again). Creatify and Arcads go product → script with hook
 * variants → cheap preview → full render, in the platform's aspect, with burned-in captions.
 */
export const UGC_BUCKET = 'videos';
export const UGC_FOLDER = 'UGC';

export const UGC_ASPECTS = {
  '9:16': { width: 1080, height: 1920, label: 'TikTok, Reels, Shorts (9:16)' },
  '1:1': { width: 1080, height: 1080, label: 'Feed square (1:1)' },
  '4:5': { width: 1080, height: 1350, label: 'Feed portrait (4:5)' },
  '16:9': { width: 1920, height: 1080, label: 'YouTube (16:9)' },
} as const;
export type UgcAspect = keyof typeof UGC_ASPECTS;
export const UGC_ASPECT_KEYS = Object.keys(UGC_ASPECTS) as UgcAspect[];

export const UGC_LIMITS = {
  minPhotos: 1,
  maxPhotos: 10,
  minBenefits: 1,
  maxBenefits: 5,
  /** Characters of one scene's line: about what a voice says in 8 seconds. */
  maxLine: 160,
  maxScenes: 8,
  /** A whole ad, as the voice will speak it. */
  maxSeconds: 60,
  /** Free previews per user per hour. */
  previewsPerHour: 20,
  /** The preview's long side: fast to render, enough to judge a hook. */
  previewLongSide: 480,
} as const;

/** The three hooks users choose between (Creatify's and Arcads' common openers). */
export const UGC_HOOKS = ['problem', 'testimonial', 'unboxing'] as const;
export type UgcHook = (typeof UGC_HOOKS)[number];
export const UGC_HOOK_LABELS: Record<UgcHook, string> = {
  problem: 'Problem → solution',
  testimonial: 'Testimonial',
  unboxing: 'Unboxing / first impression',
};

export const UGC_SCENE_KINDS = ['hook', 'body', 'cta'] as const;
export type UgcSceneKind = (typeof UGC_SCENE_KINDS)[number];

export const ugcProductSchema = z.object({
  name: z.string().trim().min(1, 'Product name is required').max(80),
  benefits: z
    .array(z.string().trim().max(120))
    .transform((list) => list.filter(Boolean))
    .pipe(z.array(z.string()).min(UGC_LIMITS.minBenefits, 'Add at least one key benefit').max(UGC_LIMITS.maxBenefits, `At most ${UGC_LIMITS.maxBenefits} benefits`)),
  offer: z.string().trim().max(80).default(''),
  cta: z.string().trim().min(1, 'Add a call to action').max(60),
  aspect: z.enum(UGC_ASPECT_KEYS as [UgcAspect, ...UgcAspect[]]).default('9:16'),
});
export type UgcProduct = z.infer<typeof ugcProductSchema>;

export const ugcSceneSchema = z.object({
  kind: z.enum(UGC_SCENE_KINDS),
  text: z.string().trim().min(1, 'A scene needs words').max(UGC_LIMITS.maxLine, `At most ${UGC_LIMITS.maxLine} characters a scene`),
  /** Which of the product photos this scene shows (0-based). */
  photo: z.number().int().min(0).max(UGC_LIMITS.maxPhotos - 1),
});
export type UgcScene = z.infer<typeof ugcSceneSchema>;

export const ugcScriptSchema = z.object({
  hook: z.enum(UGC_HOOKS),
  scenes: z.array(ugcSceneSchema).min(2, 'A script needs at least two scenes').max(UGC_LIMITS.maxScenes),
});
export type UgcScript = z.infer<typeof ugcScriptSchema>;

/** The voices a user can choose for the voice-over: each engine's closest voice speaks it. */
export const UGC_VOICES = ['female', 'male'] as const;
export type UgcVoice = (typeof UGC_VOICES)[number];
export const UGC_VOICE_LABELS: Record<UgcVoice, string> = { female: 'Female (US)', male: 'Male (US)' };

/** What start_job stores for a render (and a preview sends): the product, the chosen script, the voice. */
export const ugcRenderSchema = z.object({
  product: ugcProductSchema,
  script: ugcScriptSchema,
  voice: z.enum(UGC_VOICES).default('female'),
});
export type UgcRender = z.infer<typeof ugcRenderSchema>;

/** Words a voice says per second at a natural ad pace, and the pause between scenes. */
const WORDS_PER_SECOND = 2.6;
const SCENE_PAUSE = 0.35;

/** About how long a line takes to say (the estimate the editor shows live; the render measures). */
export function estimateLineSeconds(text: string): number {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  const stops = (text.match(/[.!?,;:—]/g) ?? []).length;
  return words === 0 ? 0 : words / WORDS_PER_SECOND + stops * 0.15;
}

export function estimateScriptSeconds(scenes: readonly Pick<UgcScene, 'text'>[]): number {
  return scenes.reduce((sum, s) => sum + estimateLineSeconds(s.text) + SCENE_PAUSE, 0);
}
