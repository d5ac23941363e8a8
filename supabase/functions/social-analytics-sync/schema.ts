import { z } from 'zod';
import { isUuid } from '@shotcraft/shared/ids.ts';

const WORDS = 'account_id must be an account id';

/**
 * POST {} or { account_id }: a user's Sync now (all their accounts, or one); the scheduler sends {}
 * (an account_id from the service role is not used: it syncs every account).
 */
export const AnalyticsSyncBody = z.object(
  { account_id: z.string({ error: WORDS }).refine((id) => isUuid(id), { error: WORDS }).optional() },
  { error: 'The body must be a JSON object: {} or { account_id }' },
);
