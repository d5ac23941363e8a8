import { handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { STUDIO_JOB_TABLE, type JobStatus, type StudioKey } from '@shotcraft/shared/jobs/contract.ts';

export interface JobRow {
  id: string;
  status: JobStatus;
  err: string | null;
}

/** The job row as the database has it: the last word on how a run ended. */
export async function getJob(studio: StudioKey, jobId: string): Promise<JobRow> {
  const { data, error } = await supabase().from(STUDIO_JOB_TABLE[studio]).select('id, status, err').eq('id', jobId).single();
  if (error) handleError(error, 'Content generation not found');
  return data as JobRow;
}
