import type { GalleryItem } from '@/components/studio/types';
import type { ComplianceCheck, LightboxFraming } from '@shotcraft/shared/jobs/studios/lightbox.ts';

/** A lightbox result: `label` is the product name. */
export interface LightboxImage extends GalleryItem {
  jobId: string | null;
  originalUrl: string | null;
  /** The output preset's name, e.g. 'Amazon main image'. */
  output: string;
  background: string;
  compliance: ComplianceCheck[];
  /** What the background description turned into, and the words it could not use. */
  used: string[];
  ignored: string[];
  /** What to look at before publishing (an edge the cut-out was unsure of). */
  warnings: string[];
  /** The cut-out was doubtful, so the job's credits were refunded (complete_job's waived charge). */
  notCharged: boolean;
  /** Where the product was in the photo and is in the result (the before/after view lines them up); null on older results. */
  framing: LightboxFraming | null;
  width: number | null;
  height: number | null;
  mimeType: string | null;
}
