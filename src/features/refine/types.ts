/** A refined image as the studio shows it (SPEC.md §3 "Refined image"). */
export interface RefinedImage {
  /** content_generations.id, or the job id of an unsaved result. */
  id: string;
  jobId: string | null;
  url: string;
  /** Signed URL of the uploaded original, for the before/after comparison. */
  originalUrl: string | null;
  /** The preset's label, or the custom text that was used. */
  enhancement: string;
  createdAt: string;
  /** Stored in the private processed bucket (false for an image an external tool sent back). */
  savedToStorage: boolean;
  /** The operations the worker applied, and words of a custom instruction it could not act on. */
  applied: string[];
  ignored: string[];
  mimeType: string | null;
}

export type JobStatus = 'queued' | 'processing' | 'completed' | 'failed';
