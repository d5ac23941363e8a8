import * as z from 'zod';
import { handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { StudioKey } from '@shotcraft/shared/jobs/contract.ts';

const StartedJobSchema = z.object({ job_id: z.uuid(), cost: z.number().int(), balance: z.number().int() });
export type StartedJob = z.infer<typeof StartedJobSchema>;

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** What a studio asks for: the preset (its price), a title, and the studio's own options (any JSON). */
export interface JobSettings {
  preset: string;
  title: string;
  [option: string]: JsonValue;
}

/** What start_job stores on the job: the settings and where the original was uploaded —
 * absent when the job has no original in storage (an ad by its link). */
export type JobOptions = JobSettings & { source_path?: string };

/**
 * Reserves a run: start_job() debits the preset's price from studio_prices and queues the job in
 * one transaction. Too few credits → AppError 'insufficient_credits'.
 */
export async function startJob(studio: StudioKey, options: JobOptions, failure: string): Promise<StartedJob> {
  const { data, error } = await supabase().rpc('start_job', { studio, options });
  if (error) handleError(error, failure);
  return StartedJobSchema.parse(data);
}
