import { existsSync } from 'node:fs';
import path from 'node:path';
import { repeat } from './repeat.js';
import type { DevstackConfig } from './types.js';

/**
 * What hosted projects run with pg_cron + pg_net, the devstack runs on timers: each job POSTs to a
 * function with the service-role key. A job whose function the project does not have is skipped.
 *   social-publish-due      every 15 s (DEVSTACK_SCHEDULER_MS): scheduled posts whose time has come
 *   social-analytics-sync   every hour (DEVSTACK_ANALYTICS_SYNC_MS): Pro+ accounts' insights
 *   sweep-uploads           every hour (DEVSTACK_SWEEP_UPLOADS_MS): originals no job used, after 30 days
 */
const JOBS = [
  { fn: 'social-publish-due', everyMs: Number(process.env.DEVSTACK_SCHEDULER_MS) || 15_000 },
  { fn: 'social-analytics-sync', everyMs: Number(process.env.DEVSTACK_ANALYTICS_SYNC_MS) || 3_600_000 },
  { fn: 'sweep-uploads', everyMs: Number(process.env.DEVSTACK_SWEEP_UPLOADS_MS) || 3_600_000 },
];

export function startScheduler(config: DevstackConfig, log: (message: string) => void): () => void {
  const stops = JOBS.filter((job) => existsSync(path.join(config.rootDir, 'supabase', 'functions', job.fn, 'index.ts'))).map((job) =>
    repeat(
      job.everyMs,
      async () => {
        const res = await fetch(`${config.apiUrl}/functions/v1/${job.fn}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${config.serviceRoleKey}`, 'Content-Type': 'application/json' },
          body: '{}',
          signal: AbortSignal.timeout(120_000),
        });
        const body = (await res.json().catch(() => null)) as { sent?: number; posted?: number; failed?: number; accounts?: unknown[]; removed?: number } | null;
        if (!res.ok) log(`${job.fn} answered ${res.status}`);
        else if (body?.sent) log(`scheduled posts: sent ${body.sent} (${body.posted} posted, ${body.failed} failed)`);
        else if (body?.accounts?.length) log(`analytics: synced ${body.accounts.length} account(s)`);
        else if (body?.removed) log(`uploads: removed ${body.removed} original(s) no job used`);
      },
      (err) => log(`${job.fn} failed: ${(err as Error).message}`),
    ),
  );
  return () => stops.forEach((stop) => stop());
}
