import { lightboxOptionsSchema } from '@shotcraft/shared/jobs/studios/lightbox.ts';
import { WorkerError } from '../../http/errors.js';
import { composeLightbox } from './compose.js';
import type { Studio } from '../../jobs/studio.js';

/**
 * Lightbox: a catalogue shot from a product photo. The options are the job's (what start_job
 * stored and charged for), checked again here; the form's background description is only used
 * when the job has none (automation tools that send it in the form alone).
 */
export const lightboxStudio: Studio = {
  route: 'lightbox',
  studio: 'lightbox',
  folder: 'Lightbox/images',
  async run(image, job, fields, tools) {
    const parsed = lightboxOptionsSchema.safeParse({
      product_name: job.options.product_name ?? fields.product_name ?? job.title,
      background: job.options.background ?? (fields.background_description ? 'description' : 'white'),
      colour: job.options.colour ?? '#ffffff',
      colour_to: job.options.colour_to ?? '#ffffff',
      background_description: job.options.background_description ?? fields.background_description ?? '',
      shadow: job.options.shadow ?? 'none',
      output: job.options.output ?? 'amazon',
    });
    if (!parsed.success) {
      throw new WorkerError('invalid_options', `The lightbox options are not valid: ${parsed.error.issues.map((i) => i.message).join('; ')}.`);
    }
    const { details, doubtful, ...encoded } = await composeLightbox(image, parsed.data, tools.cutout(), tools.scene());
    // A doubtful cut-out is delivered with the doubt said, and not charged: a retry on a better photo costs nothing more.
    return { ...encoded, media: 'image', durationSeconds: null, details, waiveCharge: doubtful };
  },
};
