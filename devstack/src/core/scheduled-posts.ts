import { existsSync } from 'node:fs';
import path from 'node:path';
import { repeat } from './repeat.js';
import type { DevstackConfig } from './types.js';

/**
 * Scheduled social posts: hosted projects call the `social-publish-due` function every minute with
 * pg_cron + pg_net; the devstack calls it on a timer (every 15 s by default, DEVSTACK_SCHEDULER_MS)
 * with the service-role key. Does nothing while the project has no such function.
 */
export function startScheduledPosts(config: DevstackConfig, log: (message: string) => void, everyMs = Number(process.env.DEVSTACK_SCHEDULER_MS) || 15_000): () => void {
  if (!existsSync(path.join(config.rootDir, 'supabase', 'functions', 'social-publish-due', 'index.ts'))) return () => undefined;
  return repeat(
    everyMs,
    async () => {
      const res = await fetch(`${config.apiUrl}/functions/v1/social-publish-due`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${config.serviceRoleKey}`, 'Content-Type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(120_000),
      });
      const body = (await res.json().catch(() => null)) as { sent?: number; posted?: number; failed?: number } | null;
      if (!res.ok) log(`scheduled posts: social-publish-due answered ${res.status}`);
      else if (body?.sent) log(`scheduled posts: sent ${body.sent} (${body.posted} posted, ${body.failed} failed)`);
    },
    (err) => log(`scheduled posts failed: ${(err as Error).message}`),
  );
}
