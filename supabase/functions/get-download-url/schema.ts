import { z } from 'zod';
import { isUuid } from '@shotcraft/shared/ids.ts';

export const MAX_IDS = 200;
const WORDS = `ids must be 1 to ${MAX_IDS} content ids`;
const contentId = z.string({ error: WORDS }).refine((id) => isUuid(id), { error: WORDS });

/** POST { ids: string[] } (or the older { mediaId }): up to 200 of the caller's library items. */
export const DownloadUrlBody = z.preprocess(
  (body) => (body && typeof body === 'object' && !('ids' in body) && 'mediaId' in body ? { ids: [(body as { mediaId: unknown }).mediaId] } : body),
  z.object({ ids: z.array(contentId, { error: WORDS }).min(1, { error: WORDS }).max(MAX_IDS, { error: WORDS }) }, { error: WORDS }),
);
