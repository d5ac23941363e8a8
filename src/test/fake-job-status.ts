import type { JobChange, JobSubscription } from '@/domains/jobs/subscribe-job-status';

/**
 * Realtime is a WebSocket, not HTTP: a studio test drives the job row's changes itself. A test file
 * takes this module's place with
 *   vi.mock('@/domains/jobs/subscribe-job-status', () => import('@/test/fake-job-status'));
 * and reads `realtime`: the studio (job table) last subscribed to, and `emit` to change the row.
 */
export const realtime: { emit: ((change: JobChange) => void) | undefined; table: string } = { emit: undefined, table: '' };

export function subscribeJobStatus(studio: string, _id: string, onChange: (change: JobChange) => void): JobSubscription {
  realtime.emit = onChange;
  realtime.table = studio;
  return { ready: Promise.resolve(), unsubscribe: () => {} };
}
