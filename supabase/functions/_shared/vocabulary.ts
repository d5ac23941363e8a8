// The job contract's vocabulary as the edge functions need it. Functions deploy on their own and
// cannot import the app's src/lib/jobs/contract.ts, so these are copies: tests/contract checks
// that they agree with it.

/** Content types the library knows how to store and therefore how to delete. */
export const LIBRARY_CONTENT_TYPES = ['lightbox', 'refine_image', '360_video', 'ugc_video', 'facebook_ad'] as const;

/** Every signed URL we hand out lives this long (SPEC.md §9). */
export const SIGNED_URL_SECONDS = 3600;

/** Events an outgoing webhook may ask for (the app's list: src/features/settings/api/webhooks.ts). */
export const WEBHOOK_EVENTS = ['generation.completed', 'generation.failed', 'post.published', 'post.failed', 'credits.low'] as const;
