import { handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import * as z from 'zod';
import type { ResolvedEnhancement } from '../selection';

const StartedJobSchema = z.object({ job_id: z.uuid(), cost: z.number().int(), balance: z.number().int() });
export type StartedJob = z.infer<typeof StartedJobSchema>;

/**
 * Reserves the run: start_job() debits the preset's price from studio_prices and queues the job
 * in one transaction. Too few credits → AppError 'insufficient_credits'.
 */
export async function startRefineJob(enhancement: ResolvedEnhancement, sourcePath: string): Promise<StartedJob> {
  const { data, error } = await supabase().rpc('start_job', {
    studio: 'refine_image',
    options: {
      preset: enhancement.preset,
      title: enhancement.title,
      label: enhancement.label,
      description: enhancement.description,
      source_path: sourcePath,
      custom_text: enhancement.customText,
    },
  });
  if (error) handleError(error, 'Failed to refine image');
  return StartedJobSchema.parse(data);
}
