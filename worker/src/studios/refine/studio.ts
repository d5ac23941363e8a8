import { refineImage } from './refine.js';
import type { Studio } from '../../jobs/studio.js';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * Refine Image. The preset is the one the user paid for (the job's, from start_job), never the
 * form's enhancement_type; the custom instruction comes from the job options, else the form.
 */
export const refineStudio: Studio = {
  route: 'refine',
  studio: 'refine_image',
  folder: 'Refined-Images',
  async run(image, job, fields) {
    const instruction = text(job.options.custom_text) ?? text(fields.custom_text);
    const { applied, ignored, warnings, ...encoded } = await refineImage(image, job.preset, instruction);
    return { ...encoded, media: 'image', durationSeconds: null, details: { applied, ignored, warnings } };
  },
};
