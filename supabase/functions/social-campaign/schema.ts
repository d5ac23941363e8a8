import { z } from 'zod';
import { PostAccountId, PostCaption, PostContentId } from '../_shared/social-post-check.ts';

export const MAX_POSTS = 60;
const AT = 'Each post needs its scheduled_for date and time';

/** A date and time as an ISO string (any form Date reads), or the words that ask for one. */
const scheduledFor = z
  .string({ error: AT })
  .refine((s) => !Number.isNaN(new Date(s).getTime()), { error: AT })
  .transform((s) => new Date(s).toISOString());

/**
 * POST { name, product_name?, gap_minutes, posts: [{ content_id, account_id, caption, scheduled_for }] }.
 * The shapes only: a blank or long name (invalid_name), a gap out of range (invalid_gap), no posts
 * (no_posts) and a caption of spaces (no_caption) are refused by the function with their codes.
 */
export const CampaignBody = z.object(
  {
    name: z.string({ error: 'Give the campaign a name of up to 200 characters.' }).trim(),
    product_name: z.string({ error: 'product_name must be the product\'s name' }).nullish(),
    gap_minutes: z.number({ error: 'The gap between posts must be a whole number of minutes from 0 to 7 days.' }),
    posts: z
      .array(z.object({ content_id: PostContentId, account_id: PostAccountId, caption: PostCaption, scheduled_for: scheduledFor }, { error: 'content_id must be a library item id' }), {
        error: 'A campaign needs at least one post.',
      })
      .max(MAX_POSTS, { error: `A campaign schedules at most ${MAX_POSTS} posts at once.` }),
  },
  { error: 'The request must be a JSON object' },
);
