import { z } from 'zod';
import { isUuid } from '@shotcraft/shared/ids.ts';

export const MAX_IDS = 500;
const WORDS = `ids must be 1 to ${MAX_IDS} content ids`;
const contentId = z.string({ error: WORDS }).refine((id) => isUuid(id), { error: WORDS });

/** POST { ids: string[] }: up to 500 of the caller's library items. */
export const DeleteContentBody = z.object(
  { ids: z.array(contentId, { error: WORDS }).min(1, { error: WORDS }).max(MAX_IDS, { error: WORDS }) },
  { error: WORDS },
);
