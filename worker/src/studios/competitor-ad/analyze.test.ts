import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio, type AdReport } from '@shotcraft/shared/jobs/studios/ads.ts';
import { analyzeAd, aspectName, pickFields, textDensity } from './analyze.js';
import { closeOcr } from '../../models/ocr.js';
import { AD_SPECS, renderCorpusAd, renderPeopleAds } from './ad-corpus.js';
import { makeTestAd, type TestAd } from './test-ads.js';
import { renderVariations } from './variations.js';

const words = (text: string) => text.toLowerCase().match(/[a-z0-9%]+/g) ?? [];
/** Share of the ad's words found in what was read. */
const recall = (ad: TestAd, report: AdReport) => {
  const expected = [ad.headline, ad.offer, ad.cta].flatMap(words);
  const read = new Set(words(report.text.full));
  return expected.filter((w) => read.has(w)).length / expected.length;
};
const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const distance = (a: string, b: string) => Math.hypot(...rgb(a).map((v, i) => v - rgb(b)[i]!));

let square: TestAd;
let story: TestAd;
let squareReport: AdReport;
let storyReport: AdReport;

beforeAll(async () => {
  [square, story] = await Promise.all([makeTestAd('square'), makeTestAd('story')]);
  squareReport = await analyzeAd(square.png);
  storyReport = await analyzeAd(story.png);
}, 60_000);
afterAll(() => closeOcr());

describe('analyzeAd', () => {
  it('reads the words of the ad (at least 80% of them) and says where each reading came from', () => {
    for (const [ad, report] of [[square, squareReport], [story, storyReport]] as const) {
      expect(recall(ad, report)).toBeGreaterThanOrEqual(0.8);
      expect(report.headline).toMatchObject({ text: ad.headline, estimate: false });
      expect(report.headline!.source).toMatch(/^OCR line 1 \(top third, \d+% sure\)$/);
      expect(report.offer?.text).toBe(ad.offer);
      expect(report.cta?.text).toBe(ad.cta);
    }
  });

  it('finds the palette: the background and the product colours within a small distance', () => {
    expect(distance(squareReport.palette[0]!.hex, square.background)).toBeLessThan(12);
    expect(squareReport.palette[0]!.share).toBeGreaterThan(0.6);
    expect(squareReport.palette.some((c) => distance(c.hex, '#f472b6') < 25)).toBe(true);
  });

  it('measures the headline contrast from its own colours', () => {
    expect(squareReport.contrast!.passes).toBe(true);
    expect(squareReport.contrast!.ratio).toBeGreaterThan(7);
  });

  it('knows which placements each ad fits', () => {
    const fits = (r: AdReport) => r.placements.filter((p) => p.fits).map((p) => p.key);
    expect([squareReport.aspect, fits(squareReport)]).toEqual(['1:1', ['feed_square']]);
    expect([storyReport.aspect, fits(storyReport)]).toEqual(['9:16', ['stories_reels']]);
  });

  it('places the product on the right, where the bottle is', () => {
    expect(squareReport.layout.productSide).toBe('right');
    expect(squareReport.layout.product!.x).toBeGreaterThan(0.5);
  });

  it('scores with its reasons', () => {
    expect(squareReport.score).toBeGreaterThanOrEqual(80);
    expect(squareReport.reasons.find((r) => r.text.startsWith('It asks for the click'))?.good).toBe(true);
  });
});

describe('readings', () => {
  const line = (text: string, y: number, height: number, confidence = 90) => ({ text, box: { x: 10, y, width: 300, height }, confidence });

  it('picks the biggest type as the headline, the percentage as the offer, the button words as the call to action', () => {
    const fields = pickFields([line('New arrivals', 10, 40), line('Mega SALE', 80, 90), line('Up to 40% off', 200, 30), line('$29.99', 260, 30), line('Shop now', 900, 30, 50)], 1080);
    expect(fields.headline?.text).toBe('Mega SALE');
    expect(fields.offer?.text).toBe('Up to 40% off');
    expect(fields.price?.text).toBe('$29.99');
    expect(fields.cta).toMatchObject({ text: 'Shop now', estimate: true });
  });

  it('measures text density on the 5×5 grid', () => {
    const busy = textDensity([line('x', 0, 1080)].map((l) => ({ ...l, box: { x: 0, y: 0, width: 1080, height: 1080 } })), 1080, 1080);
    expect([busy.share, busy.cellCount, busy.passes]).toEqual([1, 25, false]);
    const light = textDensity([{ text: 'Hi', box: { x: 0, y: 0, width: 200, height: 100 }, confidence: 90 }], 1080, 1080);
    expect(light.passes).toBe(true);
    expect(light.cellCount).toBe(1);
  });

  it('names common aspects', () => {
    expect([aspectName(1080, 1350), aspectName(1000, 1500), aspectName(1200, 628)]).toEqual(['4:5', '2:3', '1.91:1']);
  });

  it('computes WCAG contrast', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 0);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 1);
  });
});

describe('renderVariations', () => {
  it('makes the asked number of variations at the asked sizes, each passing the rules it is checked against', async () => {
    const product = await sharp({ create: { width: 400, height: 600, channels: 4, background: { r: 34, g: 197, b: 94, alpha: 1 } } }).png().toBuffer();
    const variations = await renderVariations(squareReport, { png: product, width: 400, height: 600 }, { headline: 'Cold brew, all day', offer: '20% off this week', price: '$29.99', cta: 'Shop now', placements: ['feed_square', 'stories_reels'], count: 3 });
    expect(variations).toHaveLength(6);
    for (const v of variations) {
      const meta = await sharp(v.jpeg).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', v.width, v.height]);
      expect(v.checks.every((c) => c.passed)).toBe(true);
    }
    expect(variations.map((v) => `${v.width}x${v.height}`)).toEqual(['1080x1080', '1080x1920', '1080x1080', '1080x1920', '1080x1080', '1080x1920']);
    // The rendered ad reads back: the headline is found by the same analysis.
    const reread = await analyzeAd(variations[0]!.jpeg);
    expect(reread.headline?.text).toBe('Cold brew, all day');
    expect(reread.cta?.text.toLowerCase()).toBe('shop now');
    // A finished ad: the price kept, the product large, every text inside the safe zone.
    expect(reread.price?.text).toBe('$29.99');
    for (const v of variations) {
      expect(v.checks.map((c) => c.rule)).toEqual(expect.arrayContaining(['Product spans at least 40% of the short side', 'Every text inside the placement’s safe zone']));
      const spans = Number(v.checks.find((c) => c.rule.startsWith('Product spans'))!.detail.replace('%', ''));
      expect(spans).toBeGreaterThanOrEqual(40);
    }
  }, 60_000);
});

describe('analyzeAd on ads a seller reported or that read badly before', { timeout: 120_000 }, () => {
  const spec = (id: string) => AD_SPECS.find((a) => a.id === id)!;

  it('reads the white-on-green "Shop Now" button as the call to action and finds the centred product in the centre', async () => {
    const report = await analyzeAd((await renderCorpusAd(spec('green-shop-now'))).png);
    expect(report.cta?.text).toBe('Shop Now');
    expect(report.layout.productSide).toBe('centre');
    expect(report.reasons.map((r) => r.text)).not.toContain('No call to action on the image');
  });

  it('reads prices in the formats ads use: $1,299 and 19,99 €', async () => {
    expect((await analyzeAd((await renderCorpusAd(spec('black-gold'))).png)).price?.text).toBe('$1,299');
    expect((await analyzeAd((await renderCorpusAd(spec('red-price-comma'))).png)).price?.text).toBe('19,99 €');
  });

  it('reads a multi-buy ("2 for $50") as the offer', async () => {
    expect((await analyzeAd((await renderCorpusAd(spec('lime-outline-story'))).png)).offer?.text).toBe('2 for $50');
  });

  it('takes the price on its own line over a saving inside the offer', async () => {
    const report = await analyzeAd((await renderCorpusAd(spec('white-green-price'))).png);
    expect(report.price?.text).toBe('$29.99');
    expect(report.offer?.text).toMatch(/Save \$10/);
  });

  it('reads a white headline over a photo whole, and a button on the left does not pull the product there', async () => {
    const photo = await analyzeAd((await renderCorpusAd(spec('photo-euro'))).png);
    expect(photo.text.full).toMatch(/Handmade Leather/);
    // Set on two lines, read as one headline.
    expect(photo.headline?.text).toBe('Handmade Leather Bags');
    const blue = await analyzeAd((await renderCorpusAd(spec('white-blue'))).png);
    expect([blue.cta?.text, blue.layout.productSide]).toEqual(['Add to Cart', 'right']);
  });

  it('places a product over a photo by its sharp outline, not by the photo\'s blotches around it', async () => {
    for (const id of ['photo-euro', 'photo-red']) {
      const ad = spec(id);
      const { layout } = await analyzeAd((await renderCorpusAd(ad)).png);
      expect([id, layout.productSide]).toEqual([id, ad.product]);
      // The box is the product's (a third of the width, 0.48 of the height in truth), not the photo's.
      expect(layout.product!.width).toBeGreaterThan(0.25);
      expect(layout.product!.width).toBeLessThan(0.4);
      expect(layout.product!.height).toBeGreaterThan(0.35);
    }
  });

  it('finds the faces of the people in an ad and says a face draws the eye; an ad of a product alone has none; the headline is words, not the photo', async () => {
    const people = (await renderPeopleAds()).find((a) => a.id === 'people-stairs')!;
    const report = await analyzeAd(people.png);
    expect(report.layout.faces.length).toBe(people.faces);
    // Every face is in the photo, the lower two thirds of the ad, and face-sized.
    for (const face of report.layout.faces) {
      expect(face.y).toBeGreaterThanOrEqual(1 / 3 - 0.01);
      expect(face.width).toBeGreaterThan(0.03);
      expect(face.width).toBeLessThan(0.3);
    }
    expect(report.reasons).toContainEqual({ good: true, text: '5 faces in the ad: people stop for people in a feed' });
    expect(report.cta?.text).toBe('Shop Now');
    expect(squareReport.layout.faces).toEqual([]);
    // A photo's texture read as big, unsure letters is not the headline.
    const sofa = (await renderPeopleAds()).find((a) => a.id === 'people-sofa')!;
    expect((await analyzeAd(sofa.png)).headline?.text).toBe('Made for Friends');
    expect(squareReport.reasons.map((r) => r.text).join(' ')).not.toMatch(/face/);
  });
});
