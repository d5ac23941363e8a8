import { z } from 'zod';
import { WEBHOOK_EVENTS } from '@shotcraft/shared/vocabulary.ts';

const EVENTS: ReadonlySet<string> = new Set(WEBHOOK_EVENTS);
const CHOOSE_EVENTS = `Choose at least one event: ${WEBHOOK_EVENTS.join(', ')}.`;
// A string that is not an id is answered 404 by the function, as an id of nobody's.
const ENDPOINT_ID = z.string({ error: 'endpoint_id must be a webhook id' });

/**
 * POST { action, … }: one of the four actions and its fields. The URL's own rules (https, no
 * private address, WEBHOOK_ALLOW_HOSTS) are the function's: they depend on the server's settings.
 */
export const WebhookEndpointsBody = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('create'),
      url: z.string({ error: 'Enter a full URL, starting with https://' }).trim(),
      events: z
        .array(z.string({ error: CHOOSE_EVENTS }).refine((e) => EVENTS.has(e), { error: CHOOSE_EVENTS }), { error: CHOOSE_EVENTS })
        .transform((events) => [...new Set(events)])
        .refine((events) => events.length > 0, { error: CHOOSE_EVENTS }),
      description: z.string({ error: 'The description must be text' }).nullish(),
    }),
    z.object({ action: z.literal('rotate_secret'), endpoint_id: ENDPOINT_ID }),
    z.object({ action: z.literal('test'), endpoint_id: ENDPOINT_ID }),
    z.object({ action: z.literal('resend'), delivery_id: z.string({ error: 'delivery_id must be a delivery id' }) }),
  ],
  { error: (issue) => ((issue.code as string) === 'invalid_type' ? 'The body must be a JSON object' : 'Unknown action') },
);
