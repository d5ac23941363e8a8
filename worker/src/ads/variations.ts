/**
 * "Make my version": the user's product in the winning ad's structure and palette, at the
 * placements asked for. Each variation is a layout (the product where the competitor put theirs,
 * or mirrored) on a background (the ad's dominant colour, a gradient into its accent, or light),
 * with the user's headline, offer badge and call-to-action button inside the placement's safe zone,
 * then checked against the rules the analysis applies (text share, grid cells, contrast).
 */
import sharp from 'sharp';
import { AD_LIMITS, AD_PLACEMENTS, contrastRatio, type AdReport, type VariationRequest } from '../../../src/lib/jobs/studios/ads.js';
import { textImage } from './text-image.js';

export interface ProductCut {
  /** RGBA, the product only (transparent around it). */
  png: Buffer;
  width: number;
  height: number;
}

export interface Variation {
  index: number;
  placement: VariationRequest['placements'][number];
  style: string;
  jpeg: Buffer;
  width: number;
  height: number;
  checks: { rule: string; passed: boolean; detail: string }[];
}

interface Style {
  name: string;
  mirror: boolean;
  background: 'brand' | 'gradient' | 'light';
}

const STYLES: Style[] = [
  { name: 'Their layout, their colour', mirror: false, background: 'brand' },
  { name: 'Their layout, light', mirror: false, background: 'light' },
  { name: 'Mirrored, gradient', mirror: true, background: 'gradient' },
  { name: 'Mirrored, their colour', mirror: true, background: 'brand' },
  { name: 'Their layout, gradient', mirror: false, background: 'gradient' },
  { name: 'Mirrored, light', mirror: true, background: 'light' },
];

const WHITE = '#ffffff';
const INK = '#111827';
const LIGHT = '#f8fafc';
/** Black or white, whichever reads better on `background`. */
const inkOn = (background: string) => (contrastRatio(WHITE, background) >= contrastRatio(INK, background) ? WHITE : INK);

/** The ad's colours: its dominant one and an accent that stands out from it. */
function coloursOf(report: AdReport): { brand: string; accent: string } {
  const brand = report.palette[0]?.hex ?? '#1e3a8a';
  // The accent is the ad's most colourful other colour (its badge, its product), not a grey.
  const saturation = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    const max = Math.max(r!, g!, b!);
    return max === 0 ? 0 : (max - Math.min(r!, g!, b!)) / max;
  };
  const accent = report.palette.slice(1).filter((c) => saturation(c.hex) > 0.35 && contrastRatio(c.hex, brand) >= 1.5).sort((a, b) => saturation(b.hex) - saturation(a.hex))[0]?.hex ?? '#facc15';
  return { brand, accent };
}

function backgroundSvg(width: number, height: number, style: Style, brand: string, accent: string): Buffer {
  const fill =
    style.background === 'light'
      ? `<rect width="100%" height="100%" fill="${LIGHT}"/>`
      : style.background === 'gradient'
        ? `<defs><linearGradient id="g" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${brand}"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`
        : `<rect width="100%" height="100%" fill="${brand}"/>`;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${fill}</svg>`);
}

/** The mean colour of a region of the rendered background (what text sits on). */
async function colourAt(background: Buffer, box: { left: number; top: number; width: number; height: number }): Promise<string> {
  const { channels } = await sharp(background).extract(box).removeAlpha().stats();
  return `#${channels.slice(0, 3).map((c) => Math.round(c.mean).toString(16).padStart(2, '0')).join('')}`;
}

async function render(report: AdReport, product: ProductCut, request: VariationRequest, placement: Variation['placement'], style: Style, index: number): Promise<Variation> {
  const p = AD_PLACEMENTS[placement];
  const { width: W, height: H } = p;
  const { brand, accent } = coloursOf(report);
  const margin = Math.round(W * 0.07);
  const top = Math.round(H * p.safe.top) + margin;
  const bottom = Math.round(H * (1 - p.safe.bottom)) - margin;
  const background = await sharp(backgroundSvg(W, H, style, brand, accent)).png().toBuffer();

  const headlineBg = await colourAt(background, { left: margin, top, width: W - 2 * margin, height: Math.round(H * 0.1) });
  const headlineInk = style.background === 'light' && contrastRatio(brand, LIGHT) >= AD_LIMITS.minContrast ? brand : inkOn(headlineBg);
  const headline = await textImage(request.headline, { size: Math.round(W * 0.075), colour: headlineInk, width: W - 2 * margin });
  const layers: sharp.OverlayOptions[] = [{ input: headline.input, left: margin, top }];
  const textBoxes = [{ width: headline.width, height: headline.height }];
  let y = top + headline.height + Math.round(margin * 0.5);

  if (request.offer) {
    const badgeInk = inkOn(accent);
    const offer = await textImage(request.offer, { size: Math.round(W * 0.042), colour: badgeInk });
    const pad = Math.round(W * 0.025);
    const badge = { width: offer.width + 2 * pad, height: offer.height + pad };
    layers.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${badge.width}" height="${badge.height}"><rect width="100%" height="100%" rx="${badge.height / 2}" fill="${accent}"/></svg>`), left: margin, top: y });
    layers.push({ input: offer.input, left: margin + pad, top: y + Math.round(pad / 2) });
    textBoxes.push(badge);
    y += badge.height + margin;
  }

  // The call to action sits at the bottom of the safe zone; the product fills what is between.
  const ctaText = await textImage(request.cta, { size: Math.round(W * 0.045), colour: inkOn(style.background === 'light' ? brand : WHITE) });
  const pad = Math.round(W * 0.035);
  const button = { width: ctaText.width + 3 * pad, height: ctaText.height + 2 * pad };
  const buttonTop = bottom - button.height;
  const buttonFill = style.background === 'light' ? brand : WHITE;
  textBoxes.push(button);

  const room = { top: y, height: Math.max(50, buttonTop - margin - y) };
  const fit = Math.min((W * 0.62) / product.width, room.height / product.height);
  const pw = Math.max(1, Math.round(product.width * fit));
  const ph = Math.max(1, Math.round(product.height * fit));
  const side = style.mirror ? ({ left: 'right', right: 'left', centre: 'centre' } as const)[report.layout.productSide] : report.layout.productSide;
  const px = side === 'left' ? margin : side === 'right' ? W - margin - pw : Math.round((W - pw) / 2);
  const shadow = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${pw}" height="${Math.round(ph * 0.12)}"><ellipse cx="${pw / 2}" cy="${ph * 0.06}" rx="${pw * 0.42}" ry="${ph * 0.04}" fill="black" fill-opacity="0.22"/></svg>`);
  const productImage = await sharp(product.png).resize(pw, ph).png().toBuffer();
  layers.push({ input: shadow, left: px, top: room.top + ph - Math.round(ph * 0.06) }, { input: productImage, left: px, top: room.top });

  layers.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${button.width}" height="${button.height}"><rect width="100%" height="100%" rx="${button.height / 2}" fill="${buttonFill}"/></svg>`), left: margin, top: buttonTop });
  layers.push({ input: ctaText.input, left: margin + Math.round(1.5 * pad), top: buttonTop + pad });

  const jpeg = await sharp(background).composite(layers).jpeg({ quality: 90, mozjpeg: true }).toBuffer();

  // The same rules the analysis applies, on what was drawn.
  const share = textBoxes.reduce((s, b) => s + b.width * b.height, 0) / (W * H);
  const ratio = contrastRatio(headlineInk, headlineBg);
  const inSafeZone = top >= H * p.safe.top && bottom <= H * (1 - p.safe.bottom);
  return {
    index,
    placement,
    style: style.name,
    jpeg,
    width: W,
    height: H,
    checks: [
      { rule: `Text covers at most ${AD_LIMITS.maxTextShare * 100}% of the ad`, passed: share <= AD_LIMITS.maxTextShare, detail: `${Math.round(share * 100)}%` },
      { rule: `Headline contrast at least ${AD_LIMITS.minContrast}:1`, passed: ratio >= AD_LIMITS.minContrast, detail: `${ratio.toFixed(1)}:1` },
      { rule: 'Text inside the placement’s safe zone', passed: inSafeZone, detail: p.safe.top ? `top ${Math.round(p.safe.top * 100)}%, bottom ${Math.round(p.safe.bottom * 100)}% kept clear` : 'no app overlay on this placement' },
    ],
  };
}

/** `request.count` variations × the placements asked for, in style order. */
export async function renderVariations(report: AdReport, product: ProductCut, request: VariationRequest): Promise<Variation[]> {
  const out: Variation[] = [];
  for (const [i, style] of STYLES.slice(0, request.count).entries()) {
    for (const placement of request.placements) out.push(await render(report, product, request, placement, style, i + 1));
  }
  return out;
}
