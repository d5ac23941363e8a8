import type { RefinedImage } from '../image/refine.js';
import type { DecodedImage } from '../image/validate.js';
import type { ClaimedJob } from '../jobs.js';

/**
 * One automation webhook of SPEC.md §7. The HTTP flow (auth, upload checks, claim, store,
 * complete/fail) is shared; a studio only says which jobs it takes, where results go and how
 * pixels are made. Lightbox, 360 spin and UGC slot in as further entries of STUDIOS.
 */
export interface Studio {
  /** POST /webhooks/<route> */
  route: string;
  /** The studio key start_job stored on the job; jobs of other studios are refused. */
  studio: string;
  /** processed/{user_id}/<folder>/{job_id}.<ext> */
  folder: string;
  run(image: DecodedImage, job: ClaimedJob, fields: Record<string, string>): Promise<RefinedImage>;
}
