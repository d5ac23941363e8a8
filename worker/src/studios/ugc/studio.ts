import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { UGC_BUCKET, UGC_FOLDER, ugcRenderSchema } from '@shotcraft/shared/jobs/studios/ugc.ts';
import { WorkerError } from '../../http/errors.js';
import { posterAt, renderUgc } from './render.js';
import { ugcSourceReader, type UgcSource } from './source.js';
import { ttsProvider } from './tts/index.js';
import type { Studio } from '../../jobs/studio.js';

/** The product and script start_job stored (and charged for), checked again with the form's schema. */
export function parseUgcJob(options: Record<string, unknown>) {
  const parsed = ugcRenderSchema.safeParse({ product: options.product, script: options.script, voice: options.voice });
  if (!parsed.success) {
    throw new WorkerError('invalid_options', `The ad's product or script is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}.`);
  }
  return parsed.data;
}

/**
 * UGC video: product photos and a chosen script → a voiced, captioned ad in the platform's aspect
 * (`videos/{user}/UGC/{job}.mp4`, its poster beside it in `{job}/poster.jpg`).
 */
export const ugcStudio: Studio<UgcSource> = {
  route: 'ugc',
  studio: 'ugc',
  folder: UGC_FOLDER,
  bucket: UGC_BUCKET,
  source: ugcSourceReader,
  async run(source, job, _fields, tools) {
    const { product, script, voice } = parseUgcJob(job.options);
    const tts = ttsProvider(voice);
    const dir = await mkdtemp(path.join(source.dir, 'render-'));
    const video = await renderUgc({ photos: source.photos.map((p) => p.file), product, script, quality: 'final', dir, scale: tools.renderScale }, { tts, progress: (f) => tools.progress(0.05 + 0.9 * f) });
    // The poster is the first scene with its caption, a second in (past the fade).
    const poster = await posterAt(dir, Math.min(1.2, video.durationSeconds / 2));
    return {
      media: 'video',
      buffer: video.mp4,
      mimeType: 'video/mp4',
      ext: 'mp4',
      width: video.width,
      height: video.height,
      durationSeconds: video.durationSeconds,
      bytes: video.mp4.length,
      extras: [{ name: 'poster.jpg', buffer: poster, mimeType: 'image/jpeg' }],
      thumbnail: 'poster.jpg',
      details: {
        hook: script.hook,
        aspect: product.aspect,
        scenes: video.scenes,
        voice: tts.name,
        words: video.words.length,
      },
    };
  },
};
