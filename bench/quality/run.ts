import sharp from 'sharp';
import corpus from './corpus/products.json' with { type: 'json' };
import { BACKGROUND_KEYS, OUTPUT_PRESETS, SHADOW_KEYS, type LightboxOptions, type OutputPresetKey } from '@shotcraft/shared/jobs/studios/lightbox.ts';
import { scriptProblems } from '@shotcraft/shared/jobs/studios/script-check.ts';
import { estimateScriptSeconds } from '@shotcraft/shared/jobs/studios/ugc.ts';
import { generateScripts } from '@shotcraft/shared/jobs/studios/ugc-script.ts';
import { renderAdCorpus, renderPeopleAds } from '@shotcraft/worker/src/studios/competitor-ad/ad-corpus.ts';
import { analyzeAd } from '@shotcraft/worker/src/studios/competitor-ad/analyze.ts';
import { closeOcr } from '@shotcraft/worker/src/models/ocr.ts';
import { composeLightbox } from '@shotcraft/worker/src/studios/lightbox/compose.ts';
import { imglyCutout } from '@shotcraft/worker/src/models/cutout/imgly.ts';
import { cutOutProduct } from '@shotcraft/worker/src/models/cutout/product-mask.ts';
import type { CutoutProvider, Mask, MaskInput } from '@shotcraft/worker/src/models/cutout/provider.ts';
import { bottleOnBusy, iou, type ProductFixture } from '@shotcraft/worker/test/lightbox-fixtures.ts';
import { renderPhotoCorpus } from '@shotcraft/worker/test/photo-corpus.ts';
import { REAL_PHOTOS, renderRealPhoto } from '@shotcraft/worker/test/real-photos.ts';

/**
 * `npx tsx bench/quality/run.ts` prints JSON: what the studios make, measured against truths kept
 * beside the inputs (bench/quality/corpus).
 * - scripts: the UGC script writer over the corpus's 30 product descriptions × 3 hooks × 3 seeds —
 *   lines, lines with a problem (doubled or dangling articles, "a" before a vowel, a participle after
 *   "has a", sentences without a capital or an end mark, length), and scripts over 45 s spoken;
 * - cutout: the worker's cut-out over the corpus's 35 product photos (worker/test/photo-corpus.ts:
 *   busy and patterned backgrounds, white on white, glass, thin parts, fringes, shadows, low light) —
 *   IoU against each photo's truth (mean, worst, and the model's own before refinement), the error
 *   along the true edge, and how well the "check the edges" doubt names the poor ones; and apart, 8
 *   real photographs with hair-fine edges (worker/test/real-photos.ts: spines, a bushy tail, a mane,
 *   fur) on the corpus's backdrops, against their hand-made alpha;
 * - presets: every output preset × background × shadow composed from a real cut-out, and how many
 *   pass the preset's own compliance list;
 * - ads: the ad reader over 20 generated ads of known content (worker/src/studios/competitor-ad/ad-corpus.ts) —
 *   recall of the headline, offer, price and call to action, and the product's side; faces over 6
 *   ads with people (faces counted by eye) and the 20 without (any face found there is false).
 */
const started = performance.now();
const round = (x: number, digits = 4) => Number(x.toFixed(digits));

/** The share of pixels within 3 px of the true edge whose alpha is on the wrong side of 128. */
function edgeError(alpha: Uint8Array, truth: Uint8Array, width: number, height: number): number {
  let band = 0;
  let wrong = 0;
  for (let y = 3; y < height - 3; y++) {
    for (let x = 3; x < width - 3; x++) {
      const p = y * width + x;
      const t = truth[p]! >= 128;
      let edge = false;
      for (let d = 1; d <= 3 && !edge; d++) edge = (truth[p - d]! >= 128) !== t || (truth[p + d]! >= 128) !== t || (truth[p - d * width]! >= 128) !== t || (truth[p + d * width]! >= 128) !== t;
      if (!edge) continue;
      band++;
      if ((alpha[p]! >= 128) !== t) wrong++;
    }
  }
  return band ? wrong / band : 0;
}

// Scripts --------------------------------------------------------------------------------------
let lines = 0;
let scripts = 0;
let overLength = 0;
const problems: string[] = [];
for (const product of corpus.products) {
  for (const seed of [0, 1, 2]) {
    for (const script of generateScripts({ ...product, aspect: '9:16' }, 3, seed)) {
      scripts++;
      if (estimateScriptSeconds(script.scenes) > 45) overLength++;
      for (const scene of script.scenes) {
        lines++;
        const found = scriptProblems(scene.text);
        if (found.length) problems.push(`${product.name}: ${found.join(', ')} — ${scene.text}`);
      }
    }
  }
}

// Cut-out --------------------------------------------------------------------------------------
// Every photo of the corpus through the worker's own cut-out (the model, then the mask's refinement
// and the doubt check), scored against its truth: IoU of the alpha at full size, the share of pixels
// wrong within 3 px of the true edge, and whether the studio would say "check the edges". The
// model's raw mask is scored too, for the refinement's share.
const model = imglyCutout();
type Scored = { name: string; iou: number; modelIoU: number; edgeError: number; doubtful: boolean };
async function scoreCutout(f: ProductFixture): Promise<Scored> {
  const { data: pixels, info } = await sharp(f.jpeg).raw().toBuffer({ resolveWithObject: true });
  let modelMask: Uint8Array | null = null;
  const spy: CutoutProvider = { name: model.name, mask: async (input) => { const m = await model.mask(input); modelMask = Buffer.from(m.data); return m; } };
  const cut = await cutOutProduct({ data: pixels, width: info.width, height: info.height, channels: 3, hasAlpha: false, type: 'jpeg' }, spy);
  const alpha = Buffer.alloc(f.width * f.height);
  for (let y = 0; y < cut.height; y++) for (let x = 0; x < cut.width; x++) alpha[(cut.box.top + y) * f.width + cut.box.left + x] = cut.rgba[(y * cut.width + x) * 4 + 3]!;
  return { name: f.name, iou: round(iou(alpha, f.mask)), modelIoU: round(iou(modelMask!, f.mask)), edgeError: round(edgeError(alpha, f.mask, f.width, f.height)), doubtful: cut.doubtful };
}
const cutouts: Scored[] = [];
const cutoutStart = performance.now();
for (const f of await renderPhotoCorpus()) cutouts.push(await scoreCutout(f));
const cutoutSeconds = (performance.now() - cutoutStart) / 1000;
// Real photographs with hair-fine edges (worker/test/real-photos.ts), scored apart: their truth is a
// hand-made alpha, soft along the hairs, taken at 128.
const realCutouts: Scored[] = [];
for (const photo of REAL_PHOTOS) realCutouts.push(await scoreCutout(await renderRealPhoto(photo)));

// Presets --------------------------------------------------------------------------------------
// The model's mask of the busy-background bottle, computed once and reused for every combination.
const photo = await bottleOnBusy();
const { data, info } = await sharp(photo.jpeg).raw().toBuffer({ resolveWithObject: true });
const decoded = { data, width: info.width, height: info.height, channels: 3 as const, hasAlpha: false, type: 'jpeg' as const };
let cached: Mask | null = null;
const once: CutoutProvider = { name: model.name, mask: async (input: MaskInput) => (cached ??= await model.mask(input)) };
const presets: Record<string, { combinations: number; passed: number; failures: string[] }> = {};
for (const output of Object.keys(OUTPUT_PRESETS) as OutputPresetKey[]) {
  const row = { combinations: 0, passed: 0, failures: [] as string[] };
  for (const background of BACKGROUND_KEYS) {
    for (const shadow of SHADOW_KEYS) {
      const options: LightboxOptions = { product_name: 'Bottle', output, background, shadow, colour: '#2f6f4f', colour_to: '#f0e6d8', background_description: 'rustic kitchen counter, morning light' };
      const result = await composeLightbox(decoded, options, once);
      const failed = result.details.compliance.filter((c) => !c.passed);
      row.combinations++;
      if (failed.length === 0) row.passed++;
      else row.failures.push(`${background} + ${shadow}: ${failed.map((c) => `${c.rule} (${c.detail})`).join('; ')}`);
    }
  }
  presets[output] = row;
}

// Ads -----------------------------------------------------------------------------------------
const squash = (t: string) => t.toLowerCase().replace(/[^a-z0-9$€£%.,]/g, '');
const tally = { headline: [0, 0], headlineField: [0, 0], offer: [0, 0], price: [0, 0], cta: [0, 0], side: [0, 0] };
const misses: string[] = [];
const falseFaces: string[] = [];
const adStart = performance.now();
const ads = await renderAdCorpus();
for (const { spec, png } of ads) {
  const report = await analyzeAd(png);
  const count = (key: keyof typeof tally, truth: string | undefined, read: string | undefined, ok: (t: string, r: string) => boolean) => {
    if (!truth) return;
    tally[key][1]++;
    if (read && ok(squash(truth), squash(read))) tally[key][0]++;
    else misses.push(`${spec.id}: ${key} "${truth}" read as ${read ? `"${read}"` : 'nothing'}`);
  };
  count('headline', spec.headline, report.text.full, (t, r) => r.includes(t) || r.replace(/\s/g, '').includes(t));
  // The report's headline field: the whole headline, however many lines it is set on.
  count('headlineField', spec.headline, report.headline?.text, (t, r) => r.replace(/\s/g, '') === t.replace(/\s/g, ''));
  count('offer', spec.offer, report.offer?.text, (t, r) => r.includes(t) || t.includes(r));
  count('price', spec.price, report.price?.text, (t, r) => t.includes(r) && /\d/.test(r) && r.replace(/[^0-9]/g, '') === t.replace(/[^0-9]/g, ''));
  count('cta', spec.cta, report.cta?.text, (t, r) => r === t);
  count('side', spec.product, report.layout.productSide, (t, r) => t === r);
  if (report.layout.faces.length) falseFaces.push(spec.id);
}
const adSeconds = (performance.now() - adStart) / 1000;
// Faces: the 20 ads above show no one (a face found there is a false one); the people ads have
// faces counted by eye.
const peopleAds = await renderPeopleAds();
const faces = { adsWithPeople: peopleAds.length, adsWithAFaceFound: 0, facesVisible: 0, facesFound: 0, headlinesRead: 0, perAd: [] as string[] };
for (const ad of peopleAds) {
  const report = await analyzeAd(ad.png);
  const found = report.layout.faces.length;
  if (report.headline && !report.headline.estimate && ad.headline === report.headline.text) faces.headlinesRead++;
  faces.facesVisible += ad.faces;
  faces.facesFound += Math.min(found, ad.faces);
  if (found) faces.adsWithAFaceFound++;
  faces.perAd.push(`${ad.id}: ${found} of ${ad.faces}`);
}
await closeOcr();
const rate = ([hit, all]: number[]) => ({ recall: all ? Number((hit! / all).toFixed(3)) : null, of: all });

const mean = (xs: number[]) => round(xs.reduce((a, b) => a + b, 0) / xs.length);
const ious = cutouts.map((c) => c.iou);
console.log(
  JSON.stringify(
    {
      scripts: { products: corpus.products.length, scripts, lines, linesWithProblems: problems.length, overLength, examples: problems.slice(0, 5) },
      cutout: {
        photos: cutouts.length,
        meanIoU: mean(ious),
        worstIoU: Math.min(...ious),
        under090: cutouts.filter((c) => c.iou < 0.9).map((c) => c.name),
        modelMeanIoU: mean(cutouts.map((c) => c.modelIoU)),
        modelWorstIoU: Math.min(...cutouts.map((c) => c.modelIoU)),
        meanEdgeError: mean(cutouts.map((c) => c.edgeError)),
        // The doubt check against the truth: photos under 0.9 it named, and good ones it named anyway.
        doubtNamed: `${cutouts.filter((c) => c.doubtful && c.iou < 0.9).length} of ${cutouts.filter((c) => c.iou < 0.9).length} under 0.9`,
        doubtOnGood: `${cutouts.filter((c) => c.doubtful && c.iou >= 0.9).length} of ${cutouts.filter((c) => c.iou >= 0.9).length}`,
        secondsPerPhoto: round(cutoutSeconds / cutouts.length, 2),
        perPhoto: cutouts,
        realPhotos: {
          photos: realCutouts.length,
          meanIoU: mean(realCutouts.map((c) => c.iou)),
          worstIoU: Math.min(...realCutouts.map((c) => c.iou)),
          modelMeanIoU: mean(realCutouts.map((c) => c.modelIoU)),
          modelWorstIoU: Math.min(...realCutouts.map((c) => c.modelIoU)),
          meanEdgeError: mean(realCutouts.map((c) => c.edgeError)),
          doubtful: `${realCutouts.filter((c) => c.doubtful).length} of ${realCutouts.length}`,
          perPhoto: realCutouts,
        },
      },
      presets,
      ads: {
        ads: ads.length,
        headline: rate(tally.headline),
        headlineField: rate(tally.headlineField),
        offer: rate(tally.offer),
        price: rate(tally.price),
        cta: rate(tally.cta),
        productSide: rate(tally.side),
        secondsPerAd: Number((adSeconds / ads.length).toFixed(2)),
        misses,
        faces: { ...faces, faceRecall: Number((faces.facesFound / faces.facesVisible).toFixed(3)), adsWithoutPeopleWhereAFaceWasFound: falseFaces },
      },
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    },
    null,
    2,
  ),
);
