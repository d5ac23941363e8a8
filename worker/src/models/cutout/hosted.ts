import sharp from 'sharp';
import { WorkerError } from '../../http/errors.js';
import type { CutoutProvider, Mask, MaskInput } from './provider.js';

/**
 * A hosted cut-out API in the shape most of them share (remove.bg and compatible services):
 * POST multipart `image_file`, header `X-Api-Key`, answer a PNG whose alpha is the cut-out.
 * Set LIGHTBOX_CUTOUT_URL and LIGHTBOX_CUTOUT_KEY to use one.
 */
export function hostedCutout(url: string, apiKey: string, fetchImpl: typeof fetch = fetch): CutoutProvider {
  return {
    name: 'hosted',
    async mask(input: MaskInput): Promise<Mask> {
      const form = new FormData();
      form.append('image_file', new Blob([new Uint8Array(input.png)], { type: 'image/png' }), 'photo.png');
      form.append('size', 'auto');
      form.append('format', 'png');
      let response: Response;
      try {
        response = await fetchImpl(url, { method: 'POST', headers: { 'X-Api-Key': apiKey, Accept: 'image/png' }, body: form, signal: AbortSignal.timeout(60_000) });
      } catch {
        throw new WorkerError('backend_unavailable', 'The cut-out service could not be reached. Please try again.');
      }
      if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('image/')) {
        throw new WorkerError('backend_unavailable', `The cut-out service refused the photo (${response.status}).`);
      }
      const png = Buffer.from(await response.arrayBuffer());
      const { data, info } = await sharp(png).ensureAlpha().extractChannel(3).resize(input.width, input.height, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    },
  };
}
