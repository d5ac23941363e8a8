import { trackEvent } from '@/lib/analytics/track-event';
import { logError } from '@/lib/logger';

/**
 * A studio's render error, logged and sent as an `error_occurred` event with what the studio was
 * doing (SPEC.md §8: the file name, the option chosen, whether it was generating).
 */
export function reportStudioError(studioName: string, error: Error, componentStack: string | null | undefined, fields: Record<string, unknown>): void {
  logError(`${studioName} render error`, { severity: 'high', category: 'processing', error, ...fields, componentStack });
  trackEvent('error_occurred', { message: error.message, studio: studioName, ...fields });
}
