import type { MediaKind } from '../../../src/lib/jobs/contract.js';
import type { DecodedImage } from '../image/validate.js';
import type { ClaimedJob } from '../jobs.js';

/** What every studio hands back: one file and its facts, the same shape for images and videos. */
export interface StudioOutput {
  media: MediaKind;
  buffer: Buffer;
  mimeType: string;
  ext: string;
  width: number;
  height: number;
  /** Seconds, for videos; null for images. */
  durationSeconds: number | null;
  bytes: number;
  /** Per-studio facts for the reply and the content row (refine: applied, ignored). */
  details: Record<string, unknown>;
}

/**
 * One automation webhook of SPEC.md §7. The HTTP flow (auth, the original from storage or the
 * form, checks, claim, store, complete/fail) is shared; a studio only says which jobs it takes,
 * where results go and how they are made. Studios register in ./index.ts.
 */
export interface Studio {
  /** POST /webhooks/<route> */
  route: string;
  /** The studio key start_job stored on the job; jobs of other studios are refused. */
  studio: string;
  /** processed/{user_id}/<folder>/{job_id}.<ext> */
  folder: string;
  run(image: DecodedImage, job: ClaimedJob, fields: Record<string, string>): Promise<StudioOutput>;
}
