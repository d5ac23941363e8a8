import { SPIN_BUCKET, SPIN_FOLDER, spinOptionsSchema } from '@shotcraft/shared/jobs/studios/spin360.ts';
import { WorkerError } from '../../http/errors.js';
import { makeSpin } from './pipeline.js';
import { spinSourceReader, type SpinSource } from './source.js';
import type { ExtraFile, Studio } from '../../jobs/studio.js';

/**
 * 360° spin: a photo sequence or a turntable video → a looping MP4 in the `videos` bucket
 * (`{user}/360 Spin/{job}.mp4`), with its poster, a GIF or WebP loop and the viewer's frames
 * beside it (`{user}/360 Spin/{job}/…`). The options are the job's, checked again here.
 */
export const spin360Studio: Studio<SpinSource> = {
  route: 'spin360',
  studio: 'spin360',
  folder: SPIN_FOLDER,
  bucket: SPIN_BUCKET,
  source: spinSourceReader,
  async run(source, job, _fields, tools) {
    const parsed = spinOptionsSchema.safeParse({ ...job.options, source: job.options.source ?? source.kind });
    if (!parsed.success) {
      throw new WorkerError('invalid_options', `The spin options are not valid: ${parsed.error.issues.map((i) => i.message).join('; ')}.`);
    }
    if (parsed.data.source !== source.kind) {
      throw new WorkerError('invalid_options', `The job asks for a spin from ${parsed.data.source}, but ${source.kind === 'video' ? 'a video' : 'photos'} were uploaded.`);
    }
    const spin = await makeSpin(source, parsed.data, { progress: tools.progress, cutout: tools.cutout, encodeTimeoutMs: tools.spinEncodeTimeoutMs });
    const pad = (i: number) => String(i).padStart(3, '0');
    const extras: ExtraFile[] = [
      { name: 'poster.jpg', buffer: spin.poster, mimeType: 'image/jpeg' },
      { name: `loop.${spin.loop.ext}`, buffer: spin.loop.buffer, mimeType: spin.loop.mimeType },
      ...spin.frames.map((buffer, i) => ({ name: `frames/${pad(i)}.jpg`, buffer, mimeType: 'image/jpeg' })),
    ];
    return {
      media: 'video',
      buffer: spin.mp4,
      mimeType: 'video/mp4',
      ext: 'mp4',
      width: spin.video.width,
      height: spin.video.height,
      durationSeconds: spin.video.durationSeconds,
      bytes: spin.mp4.length,
      extras,
      thumbnail: 'poster.jpg',
      details: {
        frame_count: spin.frames.length,
        frame_width: spin.frameSize.width,
        frame_height: spin.frameSize.height,
        fps: Number(spin.fps.toFixed(3)),
        video_frames: spin.video.frames,
        direction: parsed.data.direction,
        background: parsed.data.background,
        loop_format: spin.loop.ext,
        loop_bytes: spin.loop.buffer.length,
        source: source.kind,
      },
    };
  },
};
