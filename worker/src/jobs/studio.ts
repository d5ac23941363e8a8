import type { SupabaseClient } from '@supabase/supabase-js';
import type { MediaKind } from '@shotcraft/shared/jobs/contract.ts';
import type { DecodedImage } from '../image/validate.js';
import type { CutoutProvider } from '../models/cutout/provider.js';
import type { SceneProvider } from '../models/scene.js';
import type { ClaimedJob } from './job.js';

/** A file a result has besides its main one (a poster, a loop, frames), stored next to it. */
export interface ExtraFile {
  /** Relative to the job's own folder: `{folder}/{job_id}/<name>`. */
  name: string;
  buffer: Buffer;
  mimeType: string;
}

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
  /** More files of the result; their stored paths reach `details.files` by name. */
  extras?: ExtraFile[];
  /** The extra that is the result's poster (the library's thumbnail). */
  thumbnail?: string;
  /**
   * The studio doubts the result (a cut-out unsure of its edges): it is delivered with the doubt
   * said in `details.warnings` and without charge — complete_job refunds the job, within a daily cap.
   */
  waiveCharge?: boolean;
}

/** What the shared webhook gives a studio's run besides its input. */
export interface RunTools {
  /** How far the run is, 0–1: recorded on the job row (throttled), which the studio shows. */
  progress(fraction: number): void;
}

/** What a studio's run gets besides its input: progress, and the shared models in the job's turn. */
export interface JobTools extends RunTools {
  /**
   * The cut-out model, queued in the job's lane and the user's turn; while the job waits for it,
   * its CPU slot goes to other work.
   */
  cutout(): CutoutProvider;
  /** The hosted scene model for described backdrops (LIGHTBOX_SCENE_URL), waited for outside the job's CPU slot; null when none. */
  scene(): SceneProvider | null;
  /** A final video's share of its full size: 1 but on test stacks (UGC_RENDER_SCALE). */
  renderScale: number;
  /** How long a 360° spin's encode may run before ffmpeg is killed (SPIN_ENCODE_TIMEOUT_S). */
  spinEncodeTimeoutMs: number;
}

export interface SourceLimits {
  maxUploadBytes: number;
  maxPixels: number;
}

/**
 * How a studio that does not take one photo reads a job's original from raw-uploads (the path
 * start_job checked is the user's). Called after the claim; a refusal fails and refunds the job.
 */
export interface SourceReader<TSource> {
  read(service: SupabaseClient, job: ClaimedJob, limits: SourceLimits, tools: RunTools): Promise<TSource>;
  /** Frees what read() left on disk, whatever happened. */
  release(source: TSource): Promise<void>;
}

/**
 * One automation webhook of docs/spec.md §7. The HTTP flow (auth, the original from storage or the
 * form, checks, claim, store, complete/fail) is shared; a studio only says which jobs it takes,
 * where results go and how they are made. Studios register in ./index.ts.
 */
export interface Studio<TSource = DecodedImage> {
  /** POST /webhooks/<route> */
  route: string;
  /** The studio key start_job stored on the job; jobs of other studios are refused. */
  studio: string;
  /** {bucket}/{user_id}/<folder>/{job_id}.<ext> */
  folder: string;
  /** Where results go (default `processed`; videos go to `videos`). */
  bucket?: string;
  /**
   * The studio's own input (a photo sequence, a video). Without one the input is a single photo,
   * from raw-uploads or the form's `image` field, checked and decoded once.
   */
  source?: SourceReader<TSource>;
  run(input: TSource, job: ClaimedJob, fields: Record<string, string>, tools: JobTools): Promise<StudioOutput>;
}
