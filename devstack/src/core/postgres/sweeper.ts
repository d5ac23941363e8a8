import type pg from 'pg';
import { repeat } from '../repeat.js';

/**
 * Hosted projects fail and refund stuck jobs with pg_cron; the devstack has no pg_cron, so it
 * calls the same SQL function on a timer. Does nothing until the migrations define it.
 */
export function startJobSweeper(admin: pg.Pool, log: (message: string) => void, everyMs = 60_000): () => void {
  return repeat(
    everyMs,
    async () => {
      const { rows } = await admin.query<{ fn: string | null }>("select to_regprocedure('public.sweep_stale_jobs()')::text as fn");
      if (!rows[0]?.fn) return;
      const result = await admin.query<{ swept: number }>('select public.sweep_stale_jobs() as swept');
      const swept = result.rows[0]?.swept ?? 0;
      if (swept > 0) log(`failed and refunded ${swept} stale job(s)`);
    },
    (err) => log(`job sweep failed: ${(err as Error).message}`),
  );
}
