import sharp from 'sharp';
import { BACKGROUND_LABELS, OUTPUT_PRESETS, SHADOW_LABELS, type ComplianceCheck, type FractionBox, type LightboxFraming, type LightboxOptions } from '@shotcraft/shared/jobs/studios/lightbox.ts';
import { encode, type EncodedImage } from '../../image/encode.js';
import type { DecodedImage } from '../../image/validate.js';
import { renderBackdrop } from './backdrop.js';
import type { SceneProvider } from '../../models/scene.js';
import { parseBackdropDescription, type BackdropSpec } from './backdrop-words.js';
import { checkCompliance } from './compliance.js';
import type { CutoutProvider } from '../../models/cutout/index.js';
import { boundingBox, cutOutProduct, type Box, type CutProduct } from '../../models/cutout/product-mask.js';

export interface LightboxImage extends EncodedImage {
  /** The cut-out was unsure where the product ends: the result is delivered free (see StudioOutput.waiveCharge). */
  doubtful: boolean;
  details: {
    product_name: string;
    output: string;
    background: string;
    shadow: string;
    /** What the background description turned into, and the words it could not use. */
    used: string[];
    ignored: string[];
    compliance: ComplianceCheck[];
    cutout: string;
    /** What the user should look at before publishing (an edge the cut-out was unsure of). */
    warnings: string[];
    /** The product's box in the photo and in the result, for the before/after view. */
    framing: LightboxFraming;
  };
}

export const CUTOUT_DOUBT = 'Check the edges before you publish: the cut-out was unsure where the product ends on this background. A photo on a plain background cuts out cleaner.';

/**
 * A catalogue shot from a phone photo: cut the product out, place it centred at the preset's size
 * and fill, on the chosen backdrop with the chosen shadow, encode, and check the preset's rules.
 */
export async function composeLightbox(image: DecodedImage, options: LightboxOptions, cutout: CutoutProvider, scene: SceneProvider | null = null): Promise<LightboxImage> {
  const product = await cutOutProduct(image, cutout);
  return composeProduct({ product, cutout: cutout.name, width: image.width, height: image.height }, options, scene);
}

/** A product already cut out of a photo of this size, and the cut-out that made it. */
export interface CutOutPhoto {
  product: CutProduct;
  cutout: string;
  width: number;
  height: number;
}

/** The lightbox of a cut-out product: everything after the cut-out (one cut-out serves every preset). */
export async function composeProduct({ product, cutout, ...photo }: CutOutPhoto, options: LightboxOptions, scene: SceneProvider | null = null): Promise<LightboxImage> {
  const preset = OUTPUT_PRESETS[options.output];
  const notes: string[] = [];
  // Amazon's main image is pure white by rule: the preset wins over the form.
  const background = preset.rules.pureWhiteBackground ? 'white' : options.background;
  if (background !== options.background) notes.push(`${preset.label} needs a pure white background`);
  const described = background === 'description' ? parseBackdropDescription(options.background_description) : null;
  if (described && described.used.length === 0) notes.push('the description named nothing we could draw, so a soft grey was used');

  const size = preset.size ?? { width: photo.width, height: photo.height };
  const scale = Math.min((size.width * preset.fill) / product.width, (size.height * preset.fill) / product.height);
  const pw = Math.max(1, Math.round(product.width * scale));
  const ph = Math.max(1, Math.round(product.height * scale));
  const left = Math.round((size.width - pw) / 2);
  const top = Math.round((size.height - ph) / 2);
  const placed = await sharp(product.rgba, { raw: { width: product.width, height: product.height, channels: 4 } })
    .resize(pw, ph, { fit: 'fill', kernel: scale > 1 ? 'lanczos3' : 'mks2021' })
    .png({ compressionLevel: 1 })
    .toBuffer();

  const transparent = background === 'transparent';
  const at = { left, top, width: pw, height: ph };
  // A described backdrop is painted by the hosted scene model where one is configured, drawn here
  // when there is none or it fails.
  let painted: Buffer | null = null;
  if (described && scene) {
    try {
      const stand = await sharp({ create: { ...size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).composite([{ input: placed, left, top }]).png().toBuffer();
      painted = await scene.paint({ product: stand, ...size, description: options.background_description, productName: options.product_name });
    } catch (err) {
      console.error(`[worker] scene (${scene.name}) failed: ${(err as Error).message}`);
      notes.push('the scene service did not answer, so the backdrop was drawn here');
    }
  }
  const backdrop = transparent ? null : (painted ?? (await renderBackdrop(described?.spec ?? backdropSpec(options, background), size.width, size.height)));
  // A shadow stays inside the frame, clear of its edge: a marketplace's white edge stays white, and
  // no shadow is cut off by the frame.
  const room = size.height - EDGE_MARGIN - (top + ph);
  const shadow = await shadowLayers(options.shadow, placed, at, size, room);
  // A described scene lit from a side also casts the product's own shadow away from the light.
  const side = painted ? undefined : described?.spec.lightFrom;
  if (options.shadow === 'contact' && (side === 'left' || side === 'right')) shadow.unshift(...(await castShadow(placed, at, size, room, side)));
  if (options.shadow !== 'none' && shadow.length === 0) notes.push(`${SHADOW_LABELS[options.shadow]} left out: there is no room for it under the product`);
  const canvas = backdrop
    ? sharp(backdrop)
    : sharp({ create: { width: size.width, height: size.height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } });
  const composed = canvas.composite([...shadow, { input: placed, left, top }]);
  // 4:4:4 keeps flat white exactly #FFFFFF next to coloured edges (4:2:0 bleeds chroma into it).
  const encoded = await encode(transparent ? composed : composed.flatten({ background: '#ffffff' }), transparent, { quality: 92, chromaSubsampling: '4:4:4' });
  // The product's extent in the frame, from its mask: a white product on white is still all product.
  const productBox = productExtent(product, scale);

  return {
    ...encoded,
    doubtful: product.doubtful,
    details: {
      product_name: options.product_name,
      output: preset.label,
      background: BACKGROUND_LABELS[background],
      shadow: SHADOW_LABELS[options.shadow],
      used: painted ? [...notes, `a photo-real scene of the whole description (${scene!.name})`] : [...notes, ...(described?.used ?? [])],
      // The scene model reads every word; the drawing only its vocabulary.
      ignored: painted ? [] : (described?.ignored ?? []),
      compliance: await checkCompliance(encoded.buffer, preset, transparent ? 'png' : 'jpeg', productBox),
      cutout,
      warnings: product.doubtful ? [CUTOUT_DOUBT] : [],
      framing: {
        from: fraction(product.box, photo.width, photo.height),
        to: fraction(at, size.width, size.height),
      },
    },
  };
}

const fraction = (box: Box, width: number, height: number): FractionBox => {
  const f = (n: number, of: number) => Number((n / of).toFixed(5));
  return { left: f(box.left, width), top: f(box.top, height), width: f(box.width, width), height: f(box.height, height) };
};

/** The backdrop of a chosen (not described) background. */
function backdropSpec(options: LightboxOptions, background: LightboxOptions['background']): BackdropSpec {
  const flat = (colour: string): BackdropSpec => ({ colours: [colour], gradient: false, texture: null, lighting: [], sweep: false });
  switch (background) {
    case 'white':
      return flat('#ffffff');
    case 'studio-grey':
      return { ...flat('#eeeeee'), sweep: true };
    case 'colour':
      return flat(options.colour);
    case 'gradient':
      return { ...flat(options.colour), colours: [options.colour, options.colour_to], gradient: true };
    default:
      return flat('#ffffff');
  }
}

type Rect = { left: number; top: number; width: number; height: number };

/** The band along the frame's edge no shadow reaches: the 2 px a marketplace checks, and JPEG's 8 px blocks twice. */
const EDGE_MARGIN = 16;

/** How far below a blurred shape its shadow still shows: three standard deviations of the blur. */
const BLUR_REACH = 3;

/** The product's box in the output frame: where its mask is at least half opaque. */
function productExtent(product: CutProduct, scale: number): { width: number; height: number } {
  const alpha = Buffer.alloc(product.width * product.height);
  for (let p = 0; p < alpha.length; p++) alpha[p] = product.rgba[p * 4 + 3]!;
  const box = boundingBox(alpha, product.width, product.height, 128) ?? { width: product.width, height: product.height };
  return { width: Math.round(box.width * scale), height: Math.round(box.height * scale) };
}

/**
 * A soft contact shadow under the product, or its reflection fading into the floor, within `room`
 * pixels below the product (none when there is too little room for either to look like one).
 */
async function shadowLayers(shadow: LightboxOptions['shadow'], placed: Buffer, at: Rect, canvas: { width: number; height: number }, room: number): Promise<sharp.OverlayOptions[]> {
  if (shadow === 'none') return [];
  if (shadow === 'contact') {
    // An ellipse sunk 60% of its height under the product's base and blurred by 45% of it: it shows
    // 0.4 h + 3 × 0.45 h below the base, so its height follows the room there is.
    const reach = 0.4 + BLUR_REACH * 0.45;
    const h = Math.min(Math.max(4, Math.round(at.height * 0.07)), Math.floor(room / reach));
    if (h < 4) return [];
    const blur = Math.max(2, Math.round(h * 0.45));
    const w = Math.min(Math.round(at.width * 0.86), canvas.width - 2 * (EDGE_MARGIN + BLUR_REACH * blur));
    if (w < 4) return [];
    const pad = blur * BLUR_REACH;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w + 2 * pad}" height="${h + 2 * pad}"><ellipse cx="${w / 2 + pad}" cy="${h / 2 + pad}" rx="${w / 2}" ry="${h / 2}" fill="#000" fill-opacity="0.38"/></svg>`;
    const input = await sharp(Buffer.from(svg)).blur(blur).png().toBuffer();
    return [await clip(input, Math.round(at.left + (at.width - w) / 2 - pad), Math.round(at.top + at.height - h * 0.6 - pad), canvas)];
  }
  // Reflection: the product upside down right below it, fading out over a third of its height.
  const height = Math.min(Math.round(at.height * 0.35), room);
  if (height < 8) return [];
  const fade = `<svg xmlns="http://www.w3.org/2000/svg" width="${at.width}" height="${height}"><defs><linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.32"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#f)"/></svg>`;
  const input = await sharp(placed).flip().extract({ left: 0, top: 0, width: at.width, height }).composite([{ input: Buffer.from(fade), blend: 'dest-in' }]).png().toBuffer();
  return [{ input, left: at.left, top: at.top + at.height }];
}

/**
 * The product's silhouette laid on the floor away from the light: its mask flipped under its base,
 * flattened to a third of its height, slanted away from the lit side, blurred and faint.
 */
async function castShadow(placed: Buffer, at: Rect, canvas: { width: number; height: number }, room: number, from: 'left' | 'right'): Promise<sharp.OverlayOptions[]> {
  const h = Math.min(Math.round(at.height * 0.3), room);
  if (h < 8) return [];
  const mask = await sharp(placed).ensureAlpha().extractChannel(3).flip().resize(at.width, h, { fit: 'fill' }).raw().toBuffer();
  // Faint, and fainter with distance from the base, as a soft light's shadow is.
  const alpha = Buffer.alloc(mask.length);
  for (let y = 0; y < h; y++) for (let x = 0; x < at.width; x++) alpha[y * at.width + x] = Math.round(mask[y * at.width + x]! * 0.34 * (1 - (0.7 * y) / h));
  const black = Buffer.alloc(at.width * h * 3);
  const silhouette = await sharp(black, { raw: { width: at.width, height: h, channels: 3 } }).joinChannel(alpha, { raw: { width: at.width, height: h, channels: 1 } }).png().toBuffer();
  const shear = from === 'left' ? 1.2 : -1.2;
  const blur = Math.max(1, Math.round(h * 0.12));
  const slanted = await sharp(silhouette).affine([1, shear, 0, 1], { background: { r: 0, g: 0, b: 0, alpha: 0 } }).blur(blur).png().toBuffer();
  const left = from === 'left' ? at.left : at.left - Math.round(Math.abs(shear) * h);
  return [await clip(slanted, left, at.top + at.height - Math.round(h * 0.05), canvas)];
}

/** The part of an overlay that falls inside the canvas (sharp refuses overlays that stick out). */
async function clip(input: Buffer, left: number, top: number, canvas: { width: number; height: number }): Promise<sharp.OverlayOptions> {
  const { width = 0, height = 0 } = await sharp(input).metadata();
  const x = Math.max(0, -left);
  const y = Math.max(0, -top);
  const w = Math.min(width - x, canvas.width - Math.max(0, left));
  const h = Math.min(height - y, canvas.height - Math.max(0, top));
  if (w <= 0 || h <= 0) return { input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'), left: 0, top: 0 };
  return { input: await sharp(input).extract({ left: x, top: y, width: w, height: h }).png().toBuffer(), left: Math.max(0, left), top: Math.max(0, top) };
}

