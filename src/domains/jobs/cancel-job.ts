import { supabase } from '@/lib/supabase';

/**
 * Gives the credits of a run back at once when it failed before the worker took the job (the
 * server only cancels jobs that are still queued). Best effort: if this fails too, the sweeper
 * refunds the job when it expires.
 */
export async function cancelJob(jobId: string): Promise<void> {
  const { error } = await supabase().rpc('cancel_job', { job_id: jobId });
  if (error) console.warn('cancel_job failed; the job will be refunded when it expires', error);
}
