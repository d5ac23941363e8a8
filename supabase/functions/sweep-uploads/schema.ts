import { z } from 'zod';

/** POST {}: the scheduler (the devstack's timer, pg_net on hosted) sends an empty object; the sweep takes no options. */
export const SweepBody = z.strictObject({}, { error: 'The upload sweep takes no options: its body is {}.' });
