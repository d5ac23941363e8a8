import { z } from 'zod';
import { isUuid } from '@shotcraft/shared/ids.ts';

const WORDS = 'account_id must be an account id';

/** POST { account_id }: one of the caller's connected accounts. */
export const DisconnectBody = z.object({ account_id: z.string({ error: WORDS }).refine((id) => isUuid(id), { error: WORDS }) }, { error: WORDS });
