import { handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { JobStatus } from '../types';

export interface RefineJobRow {
  id: string;
  status: JobStatus;
  err: string | null;
  processed_path: string | null;
}

/** The job row as the database has it: the last word on how a run ended. */
export async function getRefineJob(jobId: string): Promise<RefineJobRow> {
  const { data, error } = await supabase().from('image_jobs').select('id, status, err, processed_path').eq('id', jobId).single();
  if (error) handleError(error, 'Content generation not found');
  return data as RefineJobRow;
}
