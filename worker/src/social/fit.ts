import sharp from 'sharp';

/** What a version must meet to be accepted by every platform it is meant for. */
export interface FitSpec {
  /** Largest encoded size in bytes. */
  maxBytes: number;
  /** Allowed width / height range, and how to reach it: add margins or cut the edges. */
  aspect?: { min: number; max: number; mode: 'pad' | 'crop' };
}

export interface Fitted {
  jpeg: Buffer;
  width: number;
  height: number;
}

const LONG_EDGE = 4096;

/**
 * A JPEG version of an image that meets the spec: the aspect brought into range (margins in the
 * image's own dominant colour, or a centred crop), transparency flattened onto white, the long
 * edge at most 4096 px, then quality and, if still needed, size stepped down until it fits.
 */
export async function fitImage(input: Buffer, spec: FitSpec): Promise<Fitted> {
  const base = sharp(input, { failOn: 'error' }).rotate();
  const meta = await base.metadata();
  let width = meta.autoOrient?.width ?? meta.width ?? 0;
  let height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (!width || !height) throw new Error('The image has no size.');
  let pipeline = base.flatten({ background: '#ffffff' });

  const aspect = spec.aspect;
  if (aspect) {
    const ratio = width / height;
    const target = ratio < aspect.min ? aspect.min : ratio > aspect.max ? aspect.max : null;
    if (target !== null) {
      if (aspect.mode === 'crop') {
        const w = ratio > target ? Math.floor(height * target) : width;
        const h = ratio < target ? Math.floor(width / target) : height;
        pipeline = sharp(await pipeline.toBuffer()).extract({ left: Math.floor((width - w) / 2), top: Math.floor((height - h) / 2), width: w, height: h });
        width = w;
        height = h;
      } else {
        const { dominant } = await sharp(input).stats();
        const w = ratio < target ? Math.ceil(height * target) : width;
        const h = ratio > target ? Math.ceil(width / target) : height;
        const x = Math.floor((w - width) / 2);
        const y = Math.floor((h - height) / 2);
        pipeline = sharp(await pipeline.toBuffer()).extend({ left: x, right: w - width - x, top: y, bottom: h - height - y, background: { r: dominant.r, g: dominant.g, b: dominant.b } });
        width = w;
        height = h;
      }
    }
  }
  const scale = Math.min(1, LONG_EDGE / Math.max(width, height));
  const current = await pipeline.toBuffer();
  for (let step = 0; step < 12; step++) {
    const factor = scale * 0.85 ** Math.max(0, step - 3);
    const quality = [90, 82, 74, 66][Math.min(step, 3)]!;
    const w = Math.max(1, Math.round(width * factor));
    const h = Math.max(1, Math.round(height * factor));
    const jpeg = await sharp(current).resize(w, h, { fit: 'fill' }).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= spec.maxBytes) return { jpeg, width: w, height: h };
  }
  throw new Error('The image could not be made small enough.');
}
