import { AppError, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/**
 * Calls an edge function as the signed-in user and returns its JSON. A refusal ({ success: false,
 * error } with a 4xx/5xx) becomes an AppError carrying the function's own words (docs/spec.md §8).
 */
export async function invokeFunction<T>(name: string, body: Record<string, unknown>, failure: string): Promise<T> {
  const { data, error } = await supabase().functions.invoke<T>(name, { body });
  if (!error) return data as T;
  const context = (error as { context?: Response }).context;
  const answer = context && typeof context.json === 'function' ? ((await context.clone().json().catch(() => null)) as { error?: unknown; code?: string } | null) : null;
  const message = typeof answer?.error === 'string' ? answer.error : failure;
  if (context?.status === 402 || answer?.code === 'insufficient_credits') throw new AppError('insufficient_credits', message);
  if (answer?.code === 'plan_required') throw new AppError('plan_required', message, { status: context?.status, details: 'plan_required' });
  throw toAppError({ message, status: context?.status ?? 500 }, failure);
}
