import * as z from 'zod';
import type { ContentType } from '../vocabulary.ts';

export { CONTENT_TYPES, LIBRARY_CONTENT_TYPES, RAW_UPLOADS_BUCKET, RESULT_BUCKET, SIGNED_URL_SECONDS, type ContentType, type LibraryContentType } from '../vocabulary.ts';

/**
 * The job contract shared by the SPA and the media worker (docs/architecture.md §4): the studios and
 * what they produce, the storage layout, the webhook form and its reply. The worker imports this
 * file as it is; its validator-free words (content types, buckets) live in ../vocabulary.ts, which
 * the edge functions import too. SQL (studio tables, content-type check) keeps its own copies, and
 * tests/contract checks that they agree with this one.
 */

/** The studios, as studio_prices, start_job() and the worker name them. */
export const STUDIO_KEYS = ['lightbox', 'refine_image', 'spin360', 'ugc', 'competitor_ad'] as const;
export type StudioKey = (typeof STUDIO_KEYS)[number];

/** The content type a studio's result is recorded as (private.result_content_type in SQL). */
export const STUDIO_CONTENT_TYPE: Record<StudioKey, ContentType> = {
  lightbox: 'lightbox',
  refine_image: 'refine_image',
  spin360: '360_video',
  ugc: 'ugc_video',
  competitor_ad: 'ad_analysis',
};

/** The job table a studio's runs live in (private.studio_job_table in SQL). */
export const STUDIO_JOB_TABLE: Record<StudioKey, 'image_jobs' | 'videos'> = {
  lightbox: 'image_jobs',
  refine_image: 'image_jobs',
  spin360: 'videos',
  ugc: 'videos',
  competitor_ad: 'videos',
};

/** The largest original a studio accepts (docs/spec.md §9), checked in the browser and the worker. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** The most pixels a photo may have (a 40-megapixel limit): larger ones are refused from the header. */
export const MAX_PIXELS = 40_000_000;

export const JOB_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Where the worker finds the original. `storage`: the form carries no file; the worker reads the
 * job's own source_path from raw-uploads with the service role, so the photo crosses the user's
 * network once. `file`: the original is the form's `image` part (external callers, older clients).
 */
export const IMAGE_SOURCES = ['storage', 'file'] as const;
export type ImageSource = (typeof IMAGE_SOURCES)[number];

/** The multipart fields every studio's webhook form carries (docs/spec.md §7), before its own. */
export interface WebhookBaseFields {
  job_id: string;
  user_id: string;
  user_email: string;
  form_type: StudioKey;
  /** A signed URL of the original in raw-uploads, for automation tools that fetch it. */
  image_url: string;
  image_source: ImageSource;
  /** JSON: source_path, file name, size, type, and the studio's options. */
  metadata: string;
  submitted_at: string;
}

/** The multipart field that holds the original when image_source is `file`. */
export const IMAGE_FIELD = 'image';

/** The media a studio makes. */
export const MEDIA_KINDS = ['image', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * The worker's answer to a finished job, the same for every studio. `url` is null only when the
 * result was recorded but could not be signed (the content row has it). Per-studio facts ride in
 * `details`, e.g. refine's `applied` and `ignored`.
 */
export const WebhookReplySchema = z.object({
  job_id: z.string(),
  status: z.literal('completed'),
  media: z.enum(MEDIA_KINDS).default('image'),
  url: z.string().nullable(),
  mime_type: z.string().nullable().default(null),
  width: z.number().nullable().default(null),
  height: z.number().nullable().default(null),
  duration_seconds: z.number().nullable().default(null),
  bytes: z.number().nullable().default(null),
  details: z.record(z.string(), z.unknown()).default({}),
});
export type WebhookReply = z.infer<typeof WebhookReplySchema>;

/** A refusal or failure: `refunded` is the credits the job gave back (0 when it never charged). */
export const WebhookErrorSchema = z.object({
  error: z.object({ code: z.string().optional(), message: z.string() }),
  job_id: z.string().optional(),
  refunded: z.number().optional(),
});

/** `{user_id}/{studio}/{upload_id}_{time}.{ext}` (docs/architecture.md §4 step 1). */
export function originalPath(userId: string, studio: StudioKey, ext: string, uploadId: string, now: number): string {
  return `${userId}/${studio}/${uploadId}_${now}.${ext}`;
}
