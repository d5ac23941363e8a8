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
 * colour of the image's edge they continue, or a centred crop), transparency flattened onto white, the long
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
        const w = ratio < target ? Math.ceil(height * target) : width;
        const h = ratio > target ? Math.ceil(width / target) : height;
        // Margins continue the image's own edge on the sides they are added to, in its colour as seen
        // (transparency already flattened onto white: the raw pixels under a transparent PNG's clear
        // parts are black, and margins once took that black).
        const flat = await pipeline.toBuffer();
        const margin = await edgeColour(flat, w > width ? 'sides' : 'ends');
        const x = Math.floor((w - width) / 2);
        const y = Math.floor((h - height) / 2);
        pipeline = sharp(flat).extend({ left: x, right: w - width - x, top: y, bottom: h - height - y, background: margin });
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

/** The mean colour of the outermost two pixels of an image's left and right edges, or top and bottom. */
async function edgeColour(image: Buffer, where: 'sides' | 'ends'): Promise<{ r: number; g: number; b: number }> {
  const { data, info } = await sharp(image).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const sum = [0, 0, 0];
  let n = 0;
  const add = (x: number, y: number) => {
    const p = (y * width + x) * 3;
    for (let c = 0; c < 3; c++) sum[c]! += data[p + c]!;
    n++;
  };
  if (where === 'sides') for (let y = 0; y < height; y++) for (const x of [0, 1, width - 2, width - 1]) add(Math.max(0, x), y);
  else for (const y of [0, 1, height - 2, height - 1]) for (let x = 0; x < width; x++) add(x, Math.max(0, y));
  const [r, g, b] = sum.map((s) => Math.round(s / n));
  return { r: r!, g: g!, b: b! };
}
