import { z } from 'zod';
import { isUuid } from '@shotcraft/shared/ids.ts';

export const MAX_ITEMS = 60;
const ITEMS = `items must list 1 to ${MAX_ITEMS} library items, each with its id and destination path.`;
const ID = 'Each item needs the id of a library item.';

/**
 * POST { items: [{ id, path }] }. The destination path is checked by the function against the
 * caller's own folder (its refusal has its own code, invalid_path), so any value passes here.
 */
export const LibrarySourceBody = z.object(
  {
    items: z
      .array(z.object({ id: z.string({ error: ID }).refine((id) => isUuid(id), { error: ID }), path: z.unknown() }, { error: ID }), { error: ITEMS })
      .min(1, { error: ITEMS })
      .max(MAX_ITEMS, { error: ITEMS }),
  },
  { error: ITEMS },
);
