// The job contract's vocabulary as the edge functions need it. Functions deploy on their own and
// cannot import the app's src/lib/jobs/contract.ts, so these are copies: tests/contract checks
// that they agree with it.

/** Content types the library knows how to store and therefore how to delete. */
export const LIBRARY_CONTENT_TYPES = ['lightbox', 'refine_image', '360_video', 'ugc_video', 'facebook_ad'] as const;

/** A competitor's ad as the analyzer read it: not the user's content, so never posted (src/lib/jobs/contract.ts). */
export const NOT_POSTABLE: Readonly<Record<string, string>> = {
  ad_analysis: "A competitor's ad is not yours to post. Post one of the variations made from it instead.",
};

/** The private bucket of originals a studio reads (src/lib/jobs/contract.ts). */
export const RAW_UPLOADS_BUCKET = 'raw-uploads';

/** Every signed URL we hand out lives this long (SPEC.md §9). */
export const SIGNED_URL_SECONDS = 3600;

/** Events an outgoing webhook may ask for (the app's list: src/features/settings/api/webhooks.ts). */
export const WEBHOOK_EVENTS = ['generation.completed', 'generation.failed', 'post.published', 'post.failed', 'credits.low'] as const;
