/**
 * Client error reporting. For now errors go to the console; the analytics issue routes them to
 * the analytics-tracker function with severity and category (SPEC.md §8 "Logged only").
 */
export type ErrorSeverity = 'medium' | 'high' | 'critical';
export type ErrorCategory = 'system' | 'authentication' | 'validation' | 'network' | 'storage' | 'processing' | 'billing';

export function logError(message: string, context: { severity?: ErrorSeverity; category?: ErrorCategory; error?: unknown; [k: string]: unknown } = {}) {
  console.error(message, context);
}
