import sharp from 'sharp';
import { textImage } from '../../image/text-image.js';
import type { DecodedImage } from '../../image/validate.js';
import type { EncodedImage } from '../../image/encode.js';
import { composeLightbox } from './compose.js';
import type { CutoutProvider } from '../../models/cutout/index.js';

/** The visitor's trial: what it accepts and what it gives (README "The visitor's lightbox trial"). */
export const TRIAL = {
  /** Smaller than a studio's 50 MB: a phone photo fits, a bulk upload does not. */
  maxBytes: 10 * 1024 * 1024,
  /** Decoded size cap (header-checked before any pixel is allocated). */
  maxPixels: 25_000_000,
  /** The result's long side: enough to see the cut-out, too small to use as the product image. */
  longSide: 512,
  watermark: 'Shotcraft trial',
} as const;

/** The photo at most `longSide` px on its long side, before any model or compositing work. */
export async function shrink(image: DecodedImage, longSide: number): Promise<DecodedImage> {
  if (Math.max(image.width, image.height) <= longSide) return image;
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .resize(longSide, longSide, { fit: 'inside', kernel: 'mks2021' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { ...image, data, width: info.width, height: info.height };
}

/**
 * "Shotcraft trial" across the picture twice (diagonal, faint, so it cannot be cropped away) and
 * once on a dark label in the bottom-right corner, where it is read first.
 */
export async function watermark(jpeg: Buffer, width: number, height: number): Promise<EncodedImage> {
  const size = Math.max(12, Math.round(Math.min(width, height) / 18));
  const label = await textImage(TRIAL.watermark, { size, colour: '#ffffff' });
  const pad = Math.round(size * 0.5);
  const badgeWidth = Math.min(width, label.width + 2 * pad);
  const badgeHeight = Math.min(height, label.height + pad);
  const badge = await sharp({ create: { width: badgeWidth, height: badgeHeight, channels: 4, background: { r: 17, g: 24, b: 39, alpha: 0.78 } } })
    .composite([{ input: label.input, left: Math.max(0, Math.round((badgeWidth - label.width) / 2)), top: Math.max(0, Math.round((badgeHeight - label.height) / 2)) }])
    .png()
    .toBuffer();
  const faint = await textImage(TRIAL.watermark, { size: Math.round(size * 1.6), colour: '#6b7280' });
  const faded = await sharp(faint.input)
    .composite([{ input: { create: { width: faint.width, height: faint.height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.3 } } }, blend: 'dest-in' }])
    .png()
    .toBuffer();
  const diagonal = await sharp(faded).rotate(-28, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
  const meta = await sharp(diagonal).metadata();
  const dw = Math.min(width, meta.width ?? width);
  const dh = Math.min(height, meta.height ?? height);
  const fitted = await sharp(diagonal).resize(dw, dh, { fit: 'inside' }).png().toBuffer();
  // Centred on 30% and 70% of the height, inside the picture.
  const at = (share: number) => Math.round(Math.max(0, Math.min(height - dh, height * share - dh / 2)));
  const { data, info } = await sharp(jpeg)
    .composite([
      { input: fitted, left: Math.round((width - dw) / 2), top: at(0.3) },
      { input: fitted, left: Math.round((width - dw) / 2), top: at(0.7) },
      { input: badge, left: width - badgeWidth, top: height - badgeHeight },
    ])
    .jpeg({ quality: 82, chromaSubsampling: '4:2:0' })
    .toBuffer({ resolveWithObject: true });
  return { buffer: data, mimeType: 'image/jpeg', ext: 'jpg', width: info.width, height: info.height, bytes: data.length };
}

/** A small, watermarked catalogue shot: the studio's own pipeline (cut-out, white, contact shadow). */
export async function trialLightbox(image: DecodedImage, cutout: CutoutProvider): Promise<EncodedImage> {
  const small = await shrink(image, TRIAL.longSide);
  const shot = await composeLightbox(
    small,
    { product_name: 'Trial', background: 'white', colour: '#ffffff', colour_to: '#ffffff', background_description: '', shadow: 'contact', output: 'original' },
    cutout,
  );
  return watermark(shot.buffer, shot.width, shot.height);
}
