import sharp from 'sharp';
import { textImage } from '../../image/text-image.js';

export interface TestAd {
  png: Buffer;
  headline: string;
  offer: string;
  cta: string;
  background: string;
  accent: string;
}

/**
 * A competitor ad of known content for the tests and bench/ads: a headline, an offer, a product
 * (a bottle shape) and a call-to-action button, in known colours, at 1080×1080 or 1080×1920.
 */
export async function makeTestAd(kind: 'square' | 'story'): Promise<TestAd> {
  const width = 1080;
  const height = kind === 'square' ? 1080 : 1920;
  const ad = { headline: 'Summer Skin Sale', offer: '50% OFF Everything', cta: 'Shop Now', background: '#1e3a8a', accent: '#facc15' };
  const top = kind === 'square' ? 70 : 320;
  const [headline, offer, cta] = await Promise.all([
    textImage(ad.headline, { size: 92, colour: '#ffffff' }),
    textImage(ad.offer, { size: 60, colour: ad.accent }),
    textImage(ad.cta, { size: 52, colour: '#111111' }),
  ]);
  const button = { width: cta.width + 120, height: cta.height + 60 };
  const buttonTop = kind === 'square' ? height - 200 : height - 760;
  const bottle = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="520"><rect x="90" y="0" width="120" height="90" rx="16" fill="#f8fafc"/><rect x="0" y="80" width="300" height="440" rx="60" fill="#f472b6"/></svg>`);
  const buttonSvg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${button.width}" height="${button.height}"><rect width="100%" height="100%" rx="${button.height / 2}" fill="#ffffff"/></svg>`);
  const png = await sharp({ create: { width, height, channels: 3, background: ad.background } })
    .composite([
      { input: headline.input, left: 80, top },
      { input: offer.input, left: 80, top: top + headline.height + 40 },
      { input: bottle, left: width - 420, top: Math.round(height / 2 - 200) },
      { input: buttonSvg, left: 80, top: buttonTop },
      { input: cta.input, left: 140, top: buttonTop + 30 },
    ])
    .png()
    .toBuffer();
  return { png, ...ad };
}
