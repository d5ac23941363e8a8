import type { SupabaseClient } from '@supabase/supabase-js';
import { WorkerError } from './http/errors.js';

/**
 * The studio plan rule (plan_studios) for the worker's free paths — UGC previews and ad
 * variations — which never pass through start_job, where every paid run is checked. A plan without
 * the studio gets start_job's words (403, the plan that unlocks it in `plan`), before any work.
 */
export async function requireStudioPlan(service: SupabaseClient, userId: string, studio: 'ugc' | 'competitor_ad'): Promise<void> {
  const { data, error } = await service.rpc('check_studio_plan', { user_id: userId, studio });
  if (error) throw new WorkerError('backend_unavailable', 'Could not check your plan. Please try again.');
  const answer = data as { allowed: boolean; plan?: string; message?: string } | null;
  if (!answer?.allowed) throw new WorkerError('job_forbidden', answer?.message ?? 'Your plan does not include this studio.', { reason: 'plan_required', plan: answer?.plan ?? null });
}
