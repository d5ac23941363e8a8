import { WorkerError } from '../../http/errors.js';
import { encode, type EncodedImage } from '../../image/encode.js';
import { REFINE_PIPELINES } from './pipelines/index.js';
import { validateAndDecode, type DecodedImage, type ImageLimits } from '../../image/validate.js';

export interface RefinedImage extends EncodedImage {
  applied: string[];
  ignored: string[];
  warnings: string[];
}

export const REFINE_PRESETS = Object.keys(REFINE_PIPELINES).filter((p) => p !== 'default');

/** Runs a Refine Image preset on decoded pixels and encodes the result. */
export async function refineImage(image: DecodedImage, preset: string, instruction?: string): Promise<RefinedImage> {
  const pipeline = Object.hasOwn(REFINE_PIPELINES, preset) ? REFINE_PIPELINES[preset] : undefined;
  if (!pipeline) throw new WorkerError('unknown_preset', `Unknown enhancement type "${preset}". Choose one of the listed enhancements.`);
  const result = await pipeline({ image, instruction });
  const encoded = await encode(result.pipeline, image.hasAlpha);
  return { ...encoded, applied: result.applied, ignored: result.ignored, warnings: result.warnings ?? [] };
}

/** The whole in-process path for one file (validate, decode once, refine, encode): the bench's floor. */
export async function refineFile(path: string, bytes: number, preset: string, limits: ImageLimits, instruction?: string) {
  return refineImage(await validateAndDecode(path, bytes, limits), preset, instruction);
}
