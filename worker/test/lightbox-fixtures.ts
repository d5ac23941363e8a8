/**
 * Product photos made in code for the cut-out tests: a shaded product drawn in SVG over a backdrop,
 * and the same shape alone as the known mask, so the model's mask can be scored (IoU).
 */
import sharp from 'sharp';

export interface ProductFixture {
  name: string;
  jpeg: Buffer;
  /** One byte per pixel: 255 where the product is. */
  mask: Buffer;
  width: number;
  height: number;
}

const W = 900;
const H = 900;

/** A bottle: body, shoulder and cap, shaded left to right like a lit cylinder. */
const BOTTLE = `<path d="M390 160 h120 v70 q0 40 40 80 q40 40 40 100 v360 q0 40 -40 40 h-200 q-40 0 -40 -40 v-360 q0 -60 40 -100 q40 -40 40 -80 z" fill="url(#body)"/>
  <rect x="395" y="120" width="110" height="60" rx="10" fill="url(#cap)"/>`;
/** A mug with a handle: the hole in the handle shows the backdrop, and must not be product. */
const MUG = `<path d="M250 280 h330 v360 q0 60 -60 60 h-210 q-60 0 -60 -60 z" fill="url(#body)"/>
  <path fill-rule="evenodd" d="M575 340 h45 q90 0 90 110 q0 110 -90 110 h-45 v-50 h40 q45 0 45 -60 q0 -60 -45 -60 h-40 z" fill="url(#body)"/>`;

const DEFS = `<defs>
  <linearGradient id="body" x1="0" x2="1"><stop offset="0" stop-color="#123f7a"/><stop offset="0.35" stop-color="#3f86d6"/><stop offset="0.55" stop-color="#9cc8f5"/><stop offset="1" stop-color="#0d2c55"/></linearGradient>
  <linearGradient id="cap" x1="0" x2="1"><stop offset="0" stop-color="#333"/><stop offset="0.5" stop-color="#999"/><stop offset="1" stop-color="#222"/></linearGradient>
</defs>`;

const PLAIN = `<rect width="100%" height="100%" fill="#d9d4cc"/><ellipse cx="450" cy="820" rx="330" ry="40" fill="#bdb6aa"/>`;
/** A kitchen table: wood-like stripes and a tiled wall. */
const BUSY = `<rect width="100%" height="100%" fill="#e8e1d3"/>
  ${Array.from({ length: 12 }, (_, i) => `<rect x="0" y="${i * 50}" width="900" height="2" fill="#c9bfae"/><rect x="${(i * 97) % 900}" y="0" width="2" height="600" fill="#c9bfae"/>`).join('')}
  <rect x="0" y="600" width="900" height="300" fill="#9a6b43"/>
  ${Array.from({ length: 14 }, (_, i) => `<rect x="0" y="${610 + i * 21}" width="900" height="${3 + (i % 3)}" fill="#7a5030"/>`).join('')}
  <circle cx="140" cy="300" r="60" fill="#e4572e"/><rect x="700" y="420" width="140" height="180" fill="#76b041"/>`;

async function render(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).flatten({ background: '#000' }).raw().toBuffer();
}

async function fixture(name: string, backdrop: string, product: string): Promise<ProductFixture> {
  const photo = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${DEFS}${backdrop}${product}</svg>`;
  const jpeg = await sharp(Buffer.from(photo)).flatten({ background: '#fff' }).jpeg({ quality: 90 }).toBuffer();
  const silhouette = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="#000"/><g fill="#fff">${product.replace(/fill="url\(#\w+\)"/g, 'fill="#fff"')}</g></svg>`;
  const rgb = await render(silhouette);
  const mask = Buffer.alloc(W * H);
  for (let p = 0; p < W * H; p++) mask[p] = rgb[p * 3]! > 127 ? 255 : 0;
  return { name, jpeg, mask, width: W, height: H };
}

export const bottleOnPlain = () => fixture('bottle on a plain backdrop', PLAIN, BOTTLE);
export const bottleOnBusy = () => fixture('bottle on a busy kitchen table', BUSY, BOTTLE);
export const mugWithHandle = () => fixture('mug with a handle hole', PLAIN, MUG);

/** Intersection over union of two masks (values ≥ 128 count as inside). */
export function iou(a: Uint8Array, b: Uint8Array): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]! >= 128;
    const y = b[i]! >= 128;
    if (x && y) inter++;
    if (x || y) union++;
  }
  return union === 0 ? 1 : inter / union;
}
