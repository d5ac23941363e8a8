/**
 * The stages of a run and where the progress bar stands in each. Every value is tied to an event
 * that really happened (bytes uploaded, job reserved, request sent, job row moved, reply read):
 * nothing advances on a timer (ARCHITECTURE.md §8).
 */
export type RunPhase = 'idle' | 'preparing' | 'refining' | 'checking' | 'done';

export interface RunProgress {
  phase: RunPhase;
  percent: number;
  step: string;
}

export const IDLE: RunProgress = { phase: 'idle', percent: 0, step: '' };

const UPLOAD_START = 2;
const UPLOAD_END = 50;

export const stages = {
  uploading: (fraction: number): RunProgress => ({
    phase: 'preparing',
    percent: Math.round(UPLOAD_START + (UPLOAD_END - UPLOAD_START) * Math.min(1, Math.max(0, fraction))),
    step: `Uploading your photo… ${Math.round(Math.min(1, Math.max(0, fraction)) * 100)}%`,
  }),
  reserving: { phase: 'preparing', percent: 55, step: 'Reserving credits…' },
  sending: { phase: 'preparing', percent: 60, step: 'Sending your photo to the refine service…' },
  processing: { phase: 'refining', percent: 75, step: 'Refining your image…' },
  checking: { phase: 'checking', percent: 90, step: 'Checking the result…' },
  done: { phase: 'done', percent: 100, step: 'Your refined image is ready.' },
} as const satisfies Record<string, RunProgress | ((f: number) => RunProgress)>;

const RANK: Record<RunPhase, number> = { idle: 0, preparing: 1, refining: 2, checking: 3, done: 4 };

/** Realtime events can arrive late; a run never moves back to an earlier stage. */
export function advance(current: RunProgress, next: RunProgress): RunProgress {
  if (RANK[next.phase] < RANK[current.phase]) return current;
  if (next.phase === current.phase && next.percent < current.percent) return current;
  return next;
}

export const BUTTON_LABELS: Record<RunPhase, string> = {
  idle: 'Refine Image',
  preparing: 'Preparing Image...',
  refining: 'Refining Image...',
  checking: 'Checking Image...',
  done: 'Refine Image',
};

export const isBusy = (phase: RunPhase) => phase === 'preparing' || phase === 'refining' || phase === 'checking';
