import { z } from 'zod';

/** POST {}: the scheduler (the devstack's timer, pg_net on hosted projects) sends an empty object. */
export const PublishDueBody = z.object({}, { error: 'The scheduler sends an empty JSON object ({}) and nothing else.' }).strict();
