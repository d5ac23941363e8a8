import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { textImage } from '../../image/text-image.js';

/**
 * The ad reader's quality corpus: 20 competitor ads made in code, in the styles real ads use —
 * white type on a coloured button, dark type on a light one, outlined and pill buttons, text over
 * a photo, prices in several formats, the product left, centred or right — each with its truth
 * (the words of each part, and where the product is). Used by bench/quality and the reader's tests.
 */
export type CtaStyle = 'filled' | 'outline' | 'pill-light';
export type Side = 'left' | 'centre' | 'right';

export interface AdSpec {
  id: string;
  width: number;
  height: number;
  /** A flat colour, a two-colour gradient, or a photo-like textured scene. */
  background: { kind: 'flat'; colour: string } | { kind: 'gradient'; from: string; to: string } | { kind: 'photo'; tint: string };
  headline: string;
  headlineColour: string;
  offer?: string;
  price?: string;
  cta: string;
  ctaStyle: CtaStyle;
  /** The button's fill (filled), its outline (outline), or its light fill (pill-light). */
  ctaColour: string;
  ctaText: string;
  product: Side;
  productColour: string;
}

export interface CorpusAd {
  spec: AdSpec;
  png: Buffer;
}

const S = (w: number, h: number) => ({ width: w, height: h });

export const AD_SPECS: AdSpec[] = [
  { id: 'green-shop-now', ...S(1080, 1080), background: { kind: 'flat', colour: '#f5efe6' }, headline: 'Fresh Greens Daily', headlineColour: '#14532d', offer: '20% OFF First Box', cta: 'Shop Now', ctaStyle: 'filled', ctaColour: '#16a34a', ctaText: '#ffffff', product: 'centre', productColour: '#65a30d' },
  { id: 'navy-outline', ...S(1080, 1080), background: { kind: 'flat', colour: '#0f172a' }, headline: 'Sleep Better Tonight', headlineColour: '#ffffff', price: '$49.99', cta: 'Learn More', ctaStyle: 'outline', ctaColour: '#ffffff', ctaText: '#ffffff', product: 'right', productColour: '#93c5fd' },
  { id: 'pink-pill', ...S(1080, 1350), background: { kind: 'gradient', from: '#fce7f3', to: '#f9a8d4' }, headline: 'Glow Serum', headlineColour: '#831843', offer: 'Buy One Get One Free', cta: 'Get Yours', ctaStyle: 'filled', ctaColour: '#be185d', ctaText: '#ffffff', product: 'left', productColour: '#f472b6' },
  { id: 'photo-euro', ...S(1080, 1080), background: { kind: 'photo', tint: '#78350f' }, headline: 'Handmade Leather Bags', headlineColour: '#ffffff', price: '€129', cta: 'Shop Now', ctaStyle: 'pill-light', ctaColour: '#ffffff', ctaText: '#111827', product: 'centre', productColour: '#b45309' },
  { id: 'story-orange', ...S(1080, 1920), background: { kind: 'flat', colour: '#fff7ed' }, headline: 'Crunchy Granola', headlineColour: '#7c2d12', offer: 'Save 30% Today', price: '£6.50', cta: 'Order Now', ctaStyle: 'filled', ctaColour: '#ea580c', ctaText: '#ffffff', product: 'centre', productColour: '#f59e0b' },
  { id: 'black-gold', ...S(1080, 1080), background: { kind: 'flat', colour: '#111111' }, headline: 'Luxury Watches', headlineColour: '#facc15', price: '$1,299', cta: 'Buy Now', ctaStyle: 'filled', ctaColour: '#facc15', ctaText: '#111111', product: 'right', productColour: '#d4d4d8' },
  { id: 'teal-gradient', ...S(1080, 1350), background: { kind: 'gradient', from: '#134e4a', to: '#0d9488' }, headline: 'Ocean Fresh Soap', headlineColour: '#ffffff', offer: 'Free Shipping', cta: 'Shop Now', ctaStyle: 'outline', ctaColour: '#ffffff', ctaText: '#ffffff', product: 'left', productColour: '#99f6e4' },
  { id: 'white-blue', ...S(1080, 1080), background: { kind: 'flat', colour: '#ffffff' }, headline: 'Smart Desk Lamp', headlineColour: '#1e3a8a', price: '$39', offer: '25% Off', cta: 'Add to Cart', ctaStyle: 'filled', ctaColour: '#2563eb', ctaText: '#ffffff', product: 'right', productColour: '#60a5fa' },
  { id: 'photo-green', ...S(1080, 1350), background: { kind: 'photo', tint: '#14532d' }, headline: 'Grow Your Own Herbs', headlineColour: '#ffffff', price: '$24.00', cta: 'Get Started', ctaStyle: 'filled', ctaColour: '#22c55e', ctaText: '#ffffff', product: 'centre', productColour: '#4ade80' },
  { id: 'purple-story', ...S(1080, 1920), background: { kind: 'gradient', from: '#3b0764', to: '#7e22ce' }, headline: 'Dream Pillow', headlineColour: '#ffffff', offer: '40% Off Ends Sunday', cta: 'Shop the Sale', ctaStyle: 'pill-light', ctaColour: '#ffffff', ctaText: '#3b0764', product: 'centre', productColour: '#c4b5fd' },
  { id: 'red-price-comma', ...S(1080, 1080), background: { kind: 'flat', colour: '#fef2f2' }, headline: 'Espresso Machine', headlineColour: '#7f1d1d', price: '19,99 €', cta: 'Buy Now', ctaStyle: 'filled', ctaColour: '#dc2626', ctaText: '#ffffff', product: 'left', productColour: '#9ca3af' },
  { id: 'mint-outline-dark', ...S(1080, 1080), background: { kind: 'flat', colour: '#ecfdf5' }, headline: 'Organic Baby Wear', headlineColour: '#064e3b', offer: 'Bundle & Save 15%', cta: 'Shop Now', ctaStyle: 'outline', ctaColour: '#065f46', ctaText: '#065f46', product: 'right', productColour: '#6ee7b7' },
  { id: 'photo-blue', ...S(1080, 1080), background: { kind: 'photo', tint: '#1e3a8a' }, headline: 'Run Further', headlineColour: '#ffffff', price: '$89.95', cta: 'Shop Now', ctaStyle: 'filled', ctaColour: '#f97316', ctaText: '#ffffff', product: 'left', productColour: '#e5e7eb' },
  { id: 'yellow-black', ...S(1080, 1350), background: { kind: 'flat', colour: '#fde047' }, headline: 'Big Summer Sale', headlineColour: '#111111', offer: 'Up to 60% Off', cta: 'Shop Now', ctaStyle: 'filled', ctaColour: '#111111', ctaText: '#ffffff', product: 'centre', productColour: '#ef4444' },
  { id: 'grey-learn', ...S(1080, 1080), background: { kind: 'gradient', from: '#f3f4f6', to: '#d1d5db' }, headline: 'Noise Cancelling Earbuds', headlineColour: '#111827', price: 'Only $59', cta: 'Learn More', ctaStyle: 'filled', ctaColour: '#4b5563', ctaText: '#ffffff', product: 'right', productColour: '#1f2937' },
  { id: 'cream-order', ...S(1080, 1920), background: { kind: 'flat', colour: '#fefce8' }, headline: 'Artisan Coffee Beans', headlineColour: '#422006', price: '$18.50', offer: 'Free Mug With Every Order', cta: 'Order Today', ctaStyle: 'filled', ctaColour: '#854d0e', ctaText: '#ffffff', product: 'centre', productColour: '#713f12' },
  { id: 'sky-signup', ...S(1080, 1080), background: { kind: 'gradient', from: '#e0f2fe', to: '#7dd3fc' }, headline: 'Learn Spanish Fast', headlineColour: '#0c4a6e', offer: 'First Month Free', cta: 'Sign Up', ctaStyle: 'filled', ctaColour: '#0284c7', ctaText: '#ffffff', product: 'left', productColour: '#0369a1' },
  { id: 'photo-red', ...S(1080, 1350), background: { kind: 'photo', tint: '#7f1d1d' }, headline: 'Spicy Hot Sauce', headlineColour: '#ffffff', price: '£4.99', cta: 'Buy Now', ctaStyle: 'pill-light', ctaColour: '#fef2f2', ctaText: '#7f1d1d', product: 'right', productColour: '#f87171' },
  { id: 'lime-outline-story', ...S(1080, 1920), background: { kind: 'flat', colour: '#1a2e05' }, headline: 'Plant Protein', headlineColour: '#d9f99d', offer: '2 for $50', cta: 'Shop Now', ctaStyle: 'outline', ctaColour: '#d9f99d', ctaText: '#d9f99d', product: 'centre', productColour: '#84cc16' },
  { id: 'white-green-price', ...S(1080, 1080), background: { kind: 'flat', colour: '#ffffff' }, headline: 'Cold Brew Kit', headlineColour: '#111827', price: '$29.99', offer: 'Save $10', cta: 'Shop Now', ctaStyle: 'filled', ctaColour: '#15803d', ctaText: '#ffffff', product: 'centre', productColour: '#166534' },
];

/** A photo-like backdrop: soft blotches of light and shade in the tint, with fine grain. */
async function photoBackdrop(width: number, height: number, tint: string): Promise<Buffer> {
  const blobs = Array.from({ length: 14 }, (_, i) => {
    const x = (i * 397) % width;
    const y = (i * 613) % height;
    const r = 120 + ((i * 89) % 260);
    const light = i % 2 === 0;
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${light ? '#ffffff' : '#000000'}" fill-opacity="${light ? 0.18 : 0.3}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${tint}"/>${blobs}</svg>`;
  const base = await sharp(Buffer.from(svg)).blur(40).raw().toBuffer({ resolveWithObject: true });
  const data = base.data;
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i]! + (((i * 2654435761) >>> 27) - 16)));
  return sharp(data, { raw: { width, height, channels: base.info.channels } }).removeAlpha().png().toBuffer();
}

async function backdrop(spec: AdSpec): Promise<sharp.Sharp> {
  const { width, height, background } = spec;
  if (background.kind === 'flat') return sharp({ create: { width, height, channels: 3, background: background.colour } });
  if (background.kind === 'gradient') {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${background.from}"/><stop offset="1" stop-color="${background.to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
    return sharp(await sharp(Buffer.from(svg)).png().toBuffer());
  }
  return sharp(await photoBackdrop(width, height, background.tint));
}

/** Renders one ad of the corpus. */
export async function renderCorpusAd(spec: AdSpec): Promise<CorpusAd> {
  const { width, height } = spec;
  const story = height / width > 1.5;
  const margin = 80;
  const top = story ? 260 : 70;
  const headline = await textImage(spec.headline, { size: story ? 96 : 84, colour: spec.headlineColour, width: width - 2 * margin });
  const layers: sharp.OverlayOptions[] = [{ input: headline.input, left: margin, top }];
  let y = top + headline.height + 30;
  if (spec.offer) {
    const offer = await textImage(spec.offer, { size: 54, colour: spec.headlineColour, width: width - 2 * margin });
    layers.push({ input: offer.input, left: margin, top: y });
    y += offer.height + 24;
  }
  if (spec.price) {
    const price = await textImage(spec.price, { size: 64, colour: spec.headlineColour });
    layers.push({ input: price.input, left: margin, top: y });
    y += price.height + 24;
  }
  // The product: a bottle-like shape, a third of the width, at its side.
  const pw = Math.round(width * 0.3);
  const ph = Math.round(pw * 1.6);
  const px = spec.product === 'left' ? margin : spec.product === 'right' ? width - margin - pw : Math.round((width - pw) / 2);
  const buttonHeight = 110;
  const buttonTop = height - (story ? 420 : 170);
  const py = Math.max(y + 20, Math.round(Math.min(buttonTop - 40 - ph, (height - ph) / 2 + 40)));
  const product = `<svg xmlns="http://www.w3.org/2000/svg" width="${pw}" height="${ph}"><rect x="${pw * 0.32}" y="0" width="${pw * 0.36}" height="${ph * 0.16}" rx="12" fill="#f8fafc"/><rect x="0" y="${ph * 0.14}" width="${pw}" height="${ph * 0.86}" rx="${pw * 0.2}" fill="${spec.productColour}"/><rect x="${pw * 0.12}" y="${ph * 0.45}" width="${pw * 0.76}" height="${ph * 0.2}" rx="8" fill="#ffffff" fill-opacity="0.55"/></svg>`;
  layers.push({ input: Buffer.from(product), left: px, top: py });
  // The call to action: a button of its style, at the bottom, on the side away from a side product.
  const label = await textImage(spec.cta, { size: 46, colour: spec.ctaText });
  const bw = label.width + 120;
  const bx = spec.product === 'left' ? width - margin - bw : spec.product === 'right' ? margin : Math.round((width - bw) / 2);
  const rx = spec.ctaStyle === 'pill-light' ? buttonHeight / 2 : 18;
  const shape =
    spec.ctaStyle === 'outline'
      ? `<rect x="3" y="3" width="${bw - 6}" height="${buttonHeight - 6}" rx="${rx}" fill="none" stroke="${spec.ctaColour}" stroke-width="5"/>`
      : `<rect width="${bw}" height="${buttonHeight}" rx="${rx}" fill="${spec.ctaColour}"/>`;
  layers.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${bw}" height="${buttonHeight}">${shape}</svg>`), left: bx, top: buttonTop });
  layers.push({ input: label.input, left: bx + 60, top: buttonTop + Math.round((buttonHeight - label.height) / 2) });
  const png = await (await backdrop(spec)).composite(layers).png().toBuffer();
  return { spec, png };
}

export async function renderAdCorpus(): Promise<CorpusAd[]> {
  const ads: CorpusAd[] = [];
  for (const spec of AD_SPECS) ads.push(await renderCorpusAd(spec));
  return ads;
}

/** An ad with people in it: its photo, and the faces a person sees in it (counted by eye). */
export interface PeopleAd {
  id: string;
  faces: number;
  headline: string;
  png: Buffer;
}

/**
 * Ads with people: the six group photos of face-api's own demo (MIT, inside the installed
 * `@vladmandic/face-api` package), each under a headline band with a button — the face reader's
 * corpus beside the 20 ads above, which show no one.
 */
export const PEOPLE_ADS = [
  { id: 'people-party', photo: 'sample1.jpg', faces: 3, headline: 'Nights Out, Sorted' },
  { id: 'people-sofa', photo: 'sample2.jpg', faces: 3, headline: 'Made for Friends' },
  { id: 'people-bar', photo: 'sample3.jpg', faces: 3, headline: 'Your New Favourite' },
  { id: 'people-studio', photo: 'sample4.jpg', faces: 4, headline: 'Nights Out, Sorted' },
  { id: 'people-stairs', photo: 'sample5.jpg', faces: 5, headline: 'Made for Friends' },
  { id: 'people-window', photo: 'sample6.jpg', faces: 4, headline: 'Your New Favourite' },
] as const;

export async function renderPeopleAds(): Promise<PeopleAd[]> {
  const demo = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo');
  const label = await textImage('Shop Now', { size: 44, colour: '#111827' });
  const button = `<svg xmlns="http://www.w3.org/2000/svg" width="${label.width + 100}" height="100"><rect width="${label.width + 100}" height="100" rx="50" fill="#fde047"/></svg>`;
  const ads: PeopleAd[] = [];
  for (const { id, photo, faces, headline } of PEOPLE_ADS) {
    const picture = await sharp(path.join(demo, photo)).resize(1080, 720, { fit: 'cover' }).toBuffer();
    const words = await textImage(headline, { size: 76, colour: '#ffffff', width: 920 });
    const png = await sharp({ create: { width: 1080, height: 1080, channels: 3, background: '#1e1b4b' } })
      .composite([
        { input: words.input, left: 80, top: 70 },
        { input: Buffer.from(button), left: 80, top: 200 },
        { input: label.input, left: 130, top: 200 + Math.round((100 - label.height) / 2) },
        { input: picture, left: 0, top: 360 },
      ])
      .png()
      .toBuffer();
    ads.push({ id, faces, headline, png });
  }
  return ads;
}
