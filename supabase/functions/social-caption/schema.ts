import { z } from 'zod';
import { isUuid } from '@shotcraft/shared/ids.ts';
import { isPlatform, type Platform } from '../_shared/social-platforms.ts';

const WORDS = 'content_id and platforms are required';

/**
 * POST { content_id, platforms, limit? }: a library item of the caller's, the platforms the caption
 * is for (names it does not know are left out; at least one it knows), and the longest caption
 * wanted — a number of characters from 50 to 2200; any other number means 2200.
 */
export const CaptionBody = z.object(
  {
    content_id: z.string({ error: WORDS }).refine((id) => isUuid(id), { error: WORDS }),
    platforms: z
      .array(z.unknown(), { error: WORDS })
      .transform((names) => names.filter((p): p is Platform => isPlatform(p)))
      .refine((known) => known.length > 0, { error: WORDS }),
    limit: z
      .number({ error: 'limit must be a number of characters from 50 to 2200' })
      .optional()
      .transform((n) => (n !== undefined && n >= 50 && n <= 2200 ? Math.floor(n) : 2200)),
  },
  { error: WORDS },
);
