import type { SupabaseClient } from '@supabase/supabase-js';
import type { CutoutProvider } from './models/cutout/index.js';
import type { SceneProvider } from './models/scene.js';
import type { Queue } from './queue.js';

/** What every endpoint of the worker is handed: the service client, the queues, the models and the limits. */
export interface WorkerContext {
  service: SupabaseClient;
  /** CPU work: decodes, pipelines, encodes (slots = WORKER_CONCURRENCY). */
  queue: Queue;
  /** The cut-out model: one inference at a time, users in turn. */
  models: Queue;
  cutout: () => CutoutProvider;
  /** The hosted scene model for described backdrops, or null (local drawing). */
  scene: () => SceneProvider | null;
  renderScale: number;
  spinEncodeTimeoutMs: number;
  maxUploadBytes: number;
  maxPixels: number;
}
