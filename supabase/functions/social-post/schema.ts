import { z } from 'zod';
import { isUuid } from '@shotcraft/shared/ids.ts';
import { PostAccountId, PostCaption, PostContentId } from '../_shared/social-post-check.ts';

export const MAX_ACCOUNTS = 10;
const RETRY = 'retry_post_id must be a post id';
const AT = 'scheduled_for must be a date and time';

/**
 * POST { content_id, posts: [{ account_id, caption }], scheduled_for? } or { retry_post_id }.
 * The shapes only: with no retry_post_id, the function asks for posts (no_platforms) and content_id,
 * and refuses a caption of spaces (no_caption) or a time too soon or too far.
 */
export const SocialPostBody = z.object(
  {
    retry_post_id: z.string({ error: RETRY }).refine((id) => isUuid(id), { error: RETRY }).optional(),
    content_id: PostContentId.optional(),
    posts: z
      .array(z.object({ account_id: PostAccountId, caption: PostCaption }, { error: 'Each post needs an account_id' }), {
        error: 'No platforms selected: Please select at least one platform to post to',
      })
      .max(MAX_ACCOUNTS, { error: `At most ${MAX_ACCOUNTS} accounts at once` })
      .refine((posts) => new Set(posts.map((p) => p.account_id)).size === posts.length, { error: 'Each account only once' })
      .optional(),
    scheduled_for: z
      .string({ error: AT })
      .refine((s) => !Number.isNaN(new Date(s).getTime()), { error: AT })
      .transform((s) => new Date(s))
      .nullish(),
  },
  { error: 'The request must be a JSON object' },
);
