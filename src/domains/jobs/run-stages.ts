/**
 * The stages of a studio run and where the progress bar stands in each. Every value is tied to an
 * event that really happened (bytes uploaded, job reserved, request sent, job row moved, reply
 * read): nothing advances on a timer (docs/architecture.md §8). Validating happens before a run, in
 * the upload card.
 */
export type RunPhase = 'idle' | 'uploading' | 'queued' | 'processing' | 'finishing' | 'done';

export interface RunProgress {
  phase: RunPhase;
  percent: number;
  step: string;
}

/** A studio's own words for its stages. */
export interface StageWords {
  /** 'the refine service' */
  service: string;
  /** 'Refining your image…' */
  processing: string;
  /** 'Your refined image is ready.' */
  ready: string;
  /** 'Uploading your photos…' (default: 'Uploading your photo…'). */
  uploading?: string;
}

export const IDLE: RunProgress = { phase: 'idle', percent: 0, step: '' };

const UPLOAD_START = 2;
const UPLOAD_END = 50;
const clamp = (fraction: number) => Math.min(1, Math.max(0, fraction));

export function runStages(words: StageWords) {
  return {
    uploading: (fraction: number): RunProgress => ({
      phase: 'uploading',
      percent: Math.round(UPLOAD_START + (UPLOAD_END - UPLOAD_START) * clamp(fraction)),
      // The bar and its number show how far: the words say what (one percentage on screen, not two).
      step: words.uploading ?? 'Uploading your photo…',
    }),
    reserving: { phase: 'queued', percent: 55, step: 'Reserving credits…' } as RunProgress,
    sending: { phase: 'queued', percent: 60, step: `Sending the job to ${words.service}…` } as RunProgress,
    processing: { phase: 'processing', percent: 75, step: words.processing } as RunProgress,
    /** Processing with the worker's own measure of how far it is (0–1). */
    working: (fraction: number): RunProgress => ({ phase: 'processing', percent: Math.round(75 + 14 * clamp(fraction)), step: words.processing }),
    finishing: { phase: 'finishing', percent: 90, step: 'Checking the result…' } as RunProgress,
    done: { phase: 'done', percent: 100, step: words.ready } as RunProgress,
  };
}

export type RunStages = ReturnType<typeof runStages>;

const RANK: Record<RunPhase, number> = { idle: 0, uploading: 1, queued: 2, processing: 3, finishing: 4, done: 5 };

/** Realtime events can arrive late; a run never moves back to an earlier stage. */
export function advance(current: RunProgress, next: RunProgress): RunProgress {
  if (RANK[next.phase] < RANK[current.phase]) return current;
  if (next.phase === current.phase && next.percent < current.percent) return current;
  return next;
}

export const isBusy = (phase: RunPhase) => phase !== 'idle' && phase !== 'done';

/** The run button's text per stage (docs/spec.md §4: Preparing…, Refining…, Checking…). */
export interface ButtonLabels {
  idle: string;
  preparing: string;
  processing: string;
  finishing: string;
}

export function buttonLabel(labels: ButtonLabels, phase: RunPhase): string {
  switch (phase) {
    case 'uploading':
    case 'queued':
      return labels.preparing;
    case 'processing':
      return labels.processing;
    case 'finishing':
      return labels.finishing;
    default:
      return labels.idle;
  }
}
