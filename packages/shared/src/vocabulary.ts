// The job contract's words that need no validator: content types, buckets, how long a signed URL
// lives, outgoing webhook events. No imports, so the edge functions (Deno), the worker and the SPA
// all read them from here; jobs/contract.ts re-exports them beside its schemas.

/**
 * content_generations.content_type (docs/spec.md §3). uploaded_image is a user upload, not a studio
 * result; ad_analysis is a competitor's ad as the analyzer read it — not the user's content, so
 * never listed in the library, posted or used as a studio's input (facebook_ad is the user's own
 * ad variations).
 */
export const CONTENT_TYPES = ['lightbox', 'refine_image', 'ugc_video', '360_video', 'facebook_ad', 'uploaded_image', 'ad_analysis'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** What the library lists, filters and deletes: every content type a studio makes, in docs/spec.md §2's chip order. */
export const LIBRARY_CONTENT_TYPES = ['lightbox', 'refine_image', '360_video', 'ugc_video', 'facebook_ad'] as const satisfies readonly ContentType[];
export type LibraryContentType = (typeof LIBRARY_CONTENT_TYPES)[number];

/** A competitor's ad as the analyzer read it: not the user's content, so never posted. */
export const NOT_POSTABLE: Readonly<Record<string, string>> = {
  ad_analysis: "A competitor's ad is not yours to post. Post one of the variations made from it instead.",
};

/** The private bucket of originals a studio reads, and the one results are written to. */
export const RAW_UPLOADS_BUCKET = 'raw-uploads';
export const RESULT_BUCKET = 'processed';

/** Every signed URL we hand out lives this long (docs/spec.md §9). */
export const SIGNED_URL_SECONDS = 3600;

/** Events an outgoing webhook may ask for (the app's list: src/features/settings/api/webhooks.ts). */
export const WEBHOOK_EVENTS = ['generation.completed', 'generation.failed', 'post.published', 'post.failed', 'credits.low'] as const;
