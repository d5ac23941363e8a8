import { z } from 'zod';

export const INVALID = 'Invalid rate limit request';

/**
 * POST { endpoint, limit?, window_minutes? }: limit defaults to 100, the window to 60 minutes.
 * check_rate_limit decides what a valid endpoint name and range are (and answers INVALID too).
 */
export const RateLimitBody = z.object(
  {
    endpoint: z.string({ error: INVALID }),
    limit: z.number({ error: INVALID }).optional(),
    window_minutes: z.number({ error: INVALID }).optional(),
  },
  { error: INVALID },
);
