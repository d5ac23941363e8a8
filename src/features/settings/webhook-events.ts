// No imports: tests/contract compares this list with the function's and the database's.

/** The events a webhook can ask for (the database's check constraint holds the same list). */
export const WEBHOOK_EVENTS = [
  { id: 'generation.completed', label: 'Generation completed' },
  { id: 'generation.failed', label: 'Generation failed' },
  { id: 'post.published', label: 'Post published' },
  { id: 'post.failed', label: 'Post failed' },
  { id: 'credits.low', label: 'Credits low' },
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]['id'];
