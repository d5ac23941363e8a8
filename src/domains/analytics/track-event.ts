import { logError } from '@/lib/logger';
import { supabase } from '@/lib/supabase';

/** Product events (docs/spec.md §7): `refine_image_generation_started`, …, and `error_occurred`. */
export type GenerationEvent = `${string}_generation_${'started' | 'completed' | 'failed'}`;
export type ProductEvent = GenerationEvent | 'error_occurred';

const SESSION_KEY = 'shotcraft-analytics-session';

function sessionId(): string {
  let id = sessionStorage.getItem(SESSION_KEY);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(SESSION_KEY, id);
  }
  return id;
}

/**
 * Records a product event through the analytics-tracker function (docs/spec.md §7). Fire-and-forget:
 * the UI never waits for it, and a failure (e.g. the rate limit) is only logged.
 */
export function trackEvent(eventType: ProductEvent, eventData: Record<string, unknown> = {}): void {
  void supabase()
    .functions.invoke('analytics-tracker', { body: { event_type: eventType, event_data: eventData, session_id: sessionId() } })
    .then(({ error }) => {
      if (error) logError('Failed to track event', { severity: 'medium', category: 'system', eventType, error, send: false });
    })
    .catch((error: unknown) => logError('Failed to track event', { severity: 'medium', category: 'system', eventType, error, send: false }));
}
