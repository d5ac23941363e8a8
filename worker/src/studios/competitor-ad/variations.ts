/**
 * "Make my version": the user's product in the winning ad's structure and palette, at the
 * placements asked for. Each variation is a layout (the product where the competitor put theirs,
 * or mirrored) on a background (the ad's dominant colour, a gradient into its accent, or light),
 * with the user's headline, offer badge and call-to-action button inside the placement's safe zone,
 * then checked against the rules the analysis applies (text share, grid cells, contrast).
 */
import sharp from 'sharp';
import { AD_LIMITS, AD_PLACEMENTS, contrastRatio, type AdReport, type VariationRequest } from '@shotcraft/shared/jobs/studios/ads.ts';
import { textImage } from '../../image/text-image.js';

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

/** A button's fill against what is behind it: enough to be seen as a shape (WCAG's 3:1 is for text and icons). */
const BUTTON_EDGE = 1.5;

/** The product's box must span at least this much of the canvas's short side: a finished ad shows the product. */
export const MIN_PRODUCT_SHARE = 0.4;

type Rect = { left: number; top: number; width: number; height: number };
const within = (r: Rect, zone: Rect) => r.left >= zone.left && r.top >= zone.top && r.left + r.width <= zone.left + zone.width && r.top + r.height <= zone.top + zone.height;

/**
 * One variation: a layout engine rather than fixed positions. Inside the placement's safe zone the
 * headline (largest type that leaves the product its room), then a row with the offer badge and the
 * price, then the product as large as the space between allows (aligned to the competitor's side,
 * never past the margins), then the call-to-action button. If the product would span less than 40%
 * of the short side, the type steps down until it does. Every element is checked: inside the safe
 * zone, readable contrast, product size, text share.
 */
async function render(report: AdReport, product: ProductCut, request: VariationRequest, placement: Variation['placement'], style: Style, index: number): Promise<Variation> {
  const p = AD_PLACEMENTS[placement];
  const { width: W, height: H } = p;
  const { brand, accent } = coloursOf(report);
  const margin = Math.round(W * 0.06);
  const zone: Rect = { left: margin, top: Math.round(H * p.safe.top) + margin, width: W - 2 * margin, height: Math.round(H * (1 - p.safe.top - p.safe.bottom)) - 2 * margin };
  const background = await sharp(backgroundSvg(W, H, style, brand, accent)).png().toBuffer();
  const short = Math.min(W, H);
  const gap = Math.round(W * 0.025);

  let attempt: Awaited<ReturnType<typeof layout>> | null = null;
  // Type from generous to compact until the product gets its share of the frame.
  for (const typeScale of [1, 0.85, 0.72, 0.6]) {
    attempt = await layout(typeScale);
    if (attempt.product.width >= short * MIN_PRODUCT_SHARE || attempt.product.height >= short * MIN_PRODUCT_SHARE) break;
  }
  const { layers, boxes, product: productRect, inks, buttonEdge } = attempt!;
  const jpeg = await sharp(background).composite(layers).jpeg({ quality: 90, mozjpeg: true }).toBuffer();

  const share = boxes.reduce((s, b) => s + b.width * b.height, 0) / (W * H);
  const worst = inks.reduce((min, i) => (i.ratio < min.ratio ? i : min), inks[0]!);
  const productShare = Math.max(productRect.width, productRect.height) / short;
  const outside = boxes.filter((b) => !within(b, zone));
  const drawn = ['headline', request.offer && 'offer', request.price && 'price', 'call to action'].filter(Boolean).join(', ');
  return {
    index,
    placement,
    style: style.name,
    jpeg,
    width: W,
    height: H,
    checks: [
      { rule: `Product spans at least ${MIN_PRODUCT_SHARE * 100}% of the short side`, passed: productShare >= MIN_PRODUCT_SHARE, detail: `${Math.round(productShare * 100)}%` },
      { rule: `Text covers at most ${AD_LIMITS.maxTextShare * 100}% of the ad`, passed: share <= AD_LIMITS.maxTextShare, detail: `${Math.round(share * 100)}%` },
      { rule: `Every text at least ${AD_LIMITS.minContrast}:1 contrast`, passed: worst.ratio >= AD_LIMITS.minContrast, detail: `lowest ${worst.ratio.toFixed(1)}:1 (${worst.what})` },
      { rule: `The button stands out from the background (at least ${BUTTON_EDGE}:1)`, passed: buttonEdge >= BUTTON_EDGE, detail: `${buttonEdge.toFixed(1)}:1` },
      { rule: 'Every text inside the placement’s safe zone', passed: outside.length === 0, detail: `${drawn}${p.safe.top ? `; top ${Math.round(p.safe.top * 100)}%, bottom ${Math.round(p.safe.bottom * 100)}% kept clear` : ''}` },
    ],
  };

  async function layout(typeScale: number) {
    const layers: sharp.OverlayOptions[] = [];
    const boxes: (Rect & { what: string })[] = [];
    const inks: { what: string; ratio: number }[] = [];
    let y = zone.top;

    const headlineBg = await colourAt(background, { left: zone.left, top: y, width: zone.width, height: Math.round(H * 0.1) });
    const headlineInk = style.background === 'light' && contrastRatio(brand, LIGHT) >= AD_LIMITS.minContrast ? brand : inkOn(headlineBg);
    const headline = await textImage(request.headline, { size: Math.round(W * 0.072 * typeScale), colour: headlineInk, width: zone.width });
    layers.push({ input: headline.input, left: zone.left, top: y });
    boxes.push({ what: 'headline', left: zone.left, top: y, width: headline.width, height: headline.height });
    inks.push({ what: 'headline', ratio: contrastRatio(headlineInk, headlineBg) });
    y += headline.height + gap;

    // The offer badge and the price share a row: the badge on the accent colour, the price large.
    let rowHeight = 0;
    let x = zone.left;
    if (request.offer) {
      const badgeInk = inkOn(accent);
      const offer = await textImage(request.offer, { size: Math.round(W * 0.04 * typeScale), colour: badgeInk });
      const pad = Math.round(W * 0.022 * typeScale);
      const badge = { width: offer.width + 2 * pad, height: offer.height + pad };
      layers.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${badge.width}" height="${badge.height}"><rect width="100%" height="100%" rx="${badge.height / 2}" fill="${accent}"/></svg>`), left: x, top: y });
      layers.push({ input: offer.input, left: x + pad, top: y + Math.round(pad / 2) });
      boxes.push({ what: 'offer', left: x, top: y, width: badge.width, height: badge.height });
      inks.push({ what: 'offer', ratio: contrastRatio(badgeInk, accent) });
      x += badge.width + gap;
      rowHeight = badge.height;
    }
    if (request.price) {
      const priceBg = await colourAt(background, { left: zone.left, top: y, width: zone.width, height: Math.max(8, Math.round(H * 0.06)) });
      const priceInk = style.background === 'light' && contrastRatio(brand, LIGHT) >= AD_LIMITS.minContrast ? brand : inkOn(priceBg);
      const price = await textImage(request.price, { size: Math.round(W * 0.06 * typeScale), colour: priceInk });
      // Beside the badge when it fits on the row, on a row of its own otherwise.
      if (x + price.width > zone.left + zone.width) {
        y += rowHeight + gap;
        x = zone.left;
        rowHeight = 0;
      }
      const top = y + Math.max(0, Math.round((rowHeight - price.height) / 2));
      layers.push({ input: price.input, left: x, top });
      boxes.push({ what: 'price', left: x, top, width: price.width, height: price.height });
      inks.push({ what: 'price', ratio: contrastRatio(priceInk, priceBg) });
      rowHeight = Math.max(rowHeight, price.height);
    }
    if (rowHeight) y += rowHeight + gap;

    // The call to action sits at the bottom of the safe zone, in a fill that stands out from what
    // is behind it (a white button on a white ad is no button).
    const behind = await colourAt(background, { left: zone.left, top: zone.top + zone.height - Math.round(H * 0.08), width: zone.width, height: Math.round(H * 0.08) });
    const buttonFill = [style.background === 'light' ? brand : WHITE, accent, INK, WHITE].find((c) => contrastRatio(c, behind) >= BUTTON_EDGE) ?? INK;
    const buttonInk = inkOn(buttonFill);
    const ctaText = await textImage(request.cta, { size: Math.round(W * 0.045 * Math.max(0.8, typeScale)), colour: buttonInk });
    const pad = Math.round(W * 0.032);
    const button = { width: ctaText.width + 3 * pad, height: ctaText.height + 2 * pad };
    const buttonTop = zone.top + zone.height - button.height;

    // The product: as large as the room between the text and the button allows.
    const room: Rect = { left: zone.left, top: y, width: zone.width, height: Math.max(1, buttonTop - gap - y) };
    const fit = Math.min(room.width / product.width, room.height / product.height);
    const pw = Math.max(1, Math.round(product.width * fit));
    const ph = Math.max(1, Math.round(product.height * fit));
    const side = style.mirror ? ({ left: 'right', right: 'left', centre: 'centre' } as const)[report.layout.productSide] : report.layout.productSide;
    const px = side === 'left' ? room.left : side === 'right' ? room.left + room.width - pw : room.left + Math.round((room.width - pw) / 2);
    const py = room.top + Math.round((room.height - ph) / 2);
    const shadowHeight = Math.max(2, Math.round(ph * 0.08));
    const shadow = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${pw}" height="${shadowHeight}"><ellipse cx="${pw / 2}" cy="${shadowHeight / 2}" rx="${pw * 0.42}" ry="${shadowHeight / 2}" fill="black" fill-opacity="0.2"/></svg>`);
    const productImage = await sharp(product.png).resize(pw, ph).png().toBuffer();
    layers.push({ input: shadow, left: px, top: Math.min(H - shadowHeight, py + ph - Math.round(shadowHeight / 2)) }, { input: productImage, left: px, top: py });

    // The button goes opposite a side product's edge, under it when centred.
    const bx = side === 'right' ? zone.left : side === 'left' ? zone.left + zone.width - button.width : zone.left + Math.round((zone.width - button.width) / 2);
    layers.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${button.width}" height="${button.height}"><rect width="100%" height="100%" rx="${button.height / 2}" fill="${buttonFill}"/></svg>`), left: bx, top: buttonTop });
    layers.push({ input: ctaText.input, left: bx + Math.round(1.5 * pad), top: buttonTop + pad });
    const buttonBg = await colourAt(background, { left: bx, top: buttonTop, width: button.width, height: button.height });
    boxes.push({ what: 'call to action', left: bx, top: buttonTop, width: button.width, height: button.height });
    inks.push({ what: 'call to action', ratio: contrastRatio(buttonInk, buttonFill) });

    return { layers, boxes, inks, product: { left: px, top: py, width: pw, height: ph }, buttonEdge: contrastRatio(buttonFill, buttonBg) };
  }
}

/**
 * `request.count` variations × the placements asked for, in style order. A style whose render
 * fails one of its checks at a placement is not offered there: the next style takes its place, so
 * every variation returned passes every check (fewer come back only when no style passes).
 */
export async function renderVariations(report: AdReport, product: ProductCut, request: VariationRequest): Promise<Variation[]> {
  const out: Variation[] = [];
  for (const placement of request.placements) {
    let made = 0;
    for (const [i, style] of STYLES.entries()) {
      if (made === request.count) break;
      const variation = await render(report, product, request, placement, style, i + 1);
      if (variation.checks.every((c) => c.passed)) {
        out.push(variation);
        made++;
      }
    }
  }
  return out.sort((a, b) => a.index - b.index || request.placements.indexOf(a.placement) - request.placements.indexOf(b.placement));
}
