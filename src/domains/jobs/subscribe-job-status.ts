import { supabase } from '@/lib/supabase';
import { STUDIO_JOB_TABLE, type JobStatus, type StudioKey } from '@shotcraft/shared/jobs/contract.ts';

export interface JobChange {
  status: JobStatus;
  err: string | null;
  /** How far the worker says it is (0–100), when it says. */
  progress: number | null;
}

export interface JobSubscription {
  /** Resolves once the channel is subscribed (or could not be), so no early change is missed. */
  ready: Promise<void>;
  unsubscribe: () => void;
}

/**
 * Follows one job row over realtime (postgres_changes on the studio's job table, id=eq.<job_id>):
 * queued → processing → completed | failed, as the worker moves it.
 */
export function subscribeJobStatus(studio: StudioKey, jobId: string, onChange: (change: JobChange) => void): JobSubscription {
  const client = supabase();
  let settle: () => void = () => {};
  const ready = new Promise<void>((resolve) => (settle = resolve));
  const channel = client
    .channel(`job:${jobId}`)
    .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: STUDIO_JOB_TABLE[studio], filter: `id=eq.${jobId}` }, (payload) => {
      const row = payload.new as { status?: JobStatus; err?: string | null; progress?: number | null };
      if (row.status) onChange({ status: row.status, err: row.err ?? null, progress: typeof row.progress === 'number' ? row.progress : null });
    })
    .subscribe((state) => {
      // Realtime is a progress signal, not the source of truth: the worker's reply and the job row
      // decide the outcome, so a channel that cannot subscribe just means coarser progress.
      if (state === 'SUBSCRIBED' || state === 'CHANNEL_ERROR' || state === 'TIMED_OUT' || state === 'CLOSED') settle();
    });
  return {
    ready,
    unsubscribe: () => {
      void client.removeChannel(channel);
    },
  };
}
