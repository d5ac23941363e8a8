import { background } from './background.js';
import { color } from './color.js';
import { custom } from './custom.js';
import { general } from './general.js';
import { noise } from './noise.js';
import { sharpness } from './sharpness.js';
import type { Pipeline } from './types.js';
import { upscale } from './upscale.js';

/** Refine Image presets (docs/spec.md §9), keyed as start_job stores them. */
export const REFINE_PIPELINES: Record<string, Pipeline> = {
  general,
  default: general,
  color,
  sharpness,
  noise,
  upscale,
  background,
  custom,
};

export type { Pipeline, PipelineInput, PipelineResult } from './types.js';
