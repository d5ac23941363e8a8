import { z } from 'zod';

const EVENT_TYPE = /^[a-z][a-z0-9_]{0,63}$/;
const MAX_EVENT_DATA_BYTES = 8192;
const EVENT_TYPE_WORDS = 'event_type must be a lower_snake_case name';
const EVENT_DATA_WORDS = 'event_data must be an object';
const SESSION_WORDS = 'session_id must be a string of at most 100 characters';

/** POST { event_type, event_data?, session_id? }: event_data defaults to {}, session_id to null. */
export const EventBody = z.object(
  {
    event_type: z.string({ error: EVENT_TYPE_WORDS }).regex(EVENT_TYPE, { error: EVENT_TYPE_WORDS }),
    event_data: z
      .record(z.string(), z.unknown(), { error: EVENT_DATA_WORDS })
      .refine((data) => new TextEncoder().encode(JSON.stringify(data)).length <= MAX_EVENT_DATA_BYTES, { error: 'event_data is too large' })
      .nullish()
      .transform((data) => data ?? {}),
    session_id: z
      .string({ error: SESSION_WORDS })
      .max(100, { error: SESSION_WORDS })
      .nullish()
      .transform((session) => session ?? null),
  },
  { error: 'The body must be a JSON object' },
);
