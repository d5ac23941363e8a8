import type { SupabaseClient } from '@supabase/supabase-js';
import type { MediaKind } from '@shotcraft/shared/jobs/contract.ts';
import { WorkerError, type ErrorCode } from '../http/errors.js';

/** What claim_job hands the worker (supabase/migrations/…_job_lifecycle.sql). */
export interface ClaimedJob {
  job_id: string;
  user_id: string;
  studio: string;
  preset: string;
  title: string;
  options: Record<string, unknown>;
  source_path: string | null;
  credits_charged: number;
}

/** What complete_job records, the same for every studio. */
export interface JobResult {
  path: string;
  bucket: string;
  media: MediaKind;
  mime_type: string;
  width: number;
  height: number;
  duration_seconds: number | null;
  bytes: number;
  /** Per-studio facts, merged into the content row's metadata. */
  details: Record<string, unknown>;
  /** A poster in the same bucket (videos): the library's thumbnail. */
  thumbnail_path?: string | null;
  /** The worker doubts the result: refund the job (complete_job caps how many a user gets a day). */
  waive_charge?: boolean;
}

/** What complete_job says it did: `changed: false` if the job had already ended; `waived` if it was refunded. */
export interface JobOutcome {
  changed: boolean;
  status: string;
  waived: boolean;
}

interface RpcError {
  message: string;
  details?: string | null;
}

const CLAIM_REFUSALS: Record<string, [ErrorCode, string]> = {
  job_not_found: ['job_not_found', 'This job does not exist. Start again.'],
  job_forbidden: ['job_forbidden', 'This job belongs to another account.'],
  job_not_queued: ['job_not_queued', 'This job has already been processed. Start a new run.'],
  job_expired: ['job_expired', 'This job has expired and its credits were refunded. Start a new run.'],
};

function backendError(action: string, error: RpcError): WorkerError {
  return new WorkerError('backend_unavailable', `Could not ${action}: ${error.message}`);
}

async function rpc<T>(service: SupabaseClient, fn: string, args: Record<string, unknown>): Promise<{ data: T | null; error: RpcError | null }> {
  try {
    const { data, error } = await service.rpc(fn, args);
    return { data: data as T | null, error };
  } catch (err) {
    return { data: null, error: { message: (err as Error).message } };
  }
}

/** queued + fresh + the caller's → processing; anything else is refused with the contract's code. */
export async function claimJob(service: SupabaseClient, jobId: string, userId: string): Promise<ClaimedJob> {
  const { data, error } = await rpc<ClaimedJob>(service, 'claim_job', { job_id: jobId, user_id: userId });
  if (error) {
    const refusal = error.details ? CLAIM_REFUSALS[error.details] : undefined;
    if (refusal) throw new WorkerError(refusal[0], refusal[1]);
    throw backendError('start the job', error);
  }
  return data as ClaimedJob;
}

/** Records the result. `changed: false` means the job had already ended (e.g. swept as stale). */
export async function completeJob(service: SupabaseClient, jobId: string, result: JobResult): Promise<JobOutcome> {
  const { data, error } = await rpc<Partial<JobOutcome>>(service, 'complete_job', { job_id: jobId, result });
  if (error) throw backendError('record the result', error);
  return { changed: data?.changed ?? false, status: data?.status ?? 'unknown', waived: data?.waived ?? false };
}

/** Marks the job failed and refunds it (idempotent). Returns the credits refunded. */
export async function failJob(service: SupabaseClient, jobId: string, message: string): Promise<number> {
  const { data, error } = await rpc<{ refunded: number }>(service, 'fail_job', { job_id: jobId, error: message });
  if (error) throw backendError('refund the job', error);
  return data?.refunded ?? 0;
}
