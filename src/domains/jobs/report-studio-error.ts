import { logError } from '@/lib/logger';

/**
 * A studio's render error, logged — the error logger sends it as an `error_occurred` event — with
 * what the studio was doing (docs/spec.md §8: the file name, the option chosen, whether it was generating).
 */
export function reportStudioError(studioName: string, error: Error, componentStack: string | null | undefined, fields: Record<string, unknown>): void {
  logError(`${studioName} render error`, { severity: 'high', category: 'processing', error, studio: studioName, ...fields, componentStack });
}
