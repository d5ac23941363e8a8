import sharp from 'sharp';
import corpus from './corpus/products.json' with { type: 'json' };
import { BACKGROUND_KEYS, OUTPUT_PRESETS, SHADOW_KEYS, type LightboxOptions, type OutputPresetKey } from '../../src/lib/jobs/studios/lightbox.js';
import { scriptProblems } from '../../src/lib/jobs/studios/script-check.js';
import { estimateScriptSeconds } from '../../src/lib/jobs/studios/ugc.js';
import { generateScripts } from '../../src/lib/jobs/studios/ugc-script.js';
import { renderAdCorpus } from '../../worker/src/ads/ad-corpus.js';
import { analyzeAd } from '../../worker/src/ads/analyze.js';
import { closeOcr } from '../../worker/src/ads/ocr.js';
import { composeLightbox } from '../../worker/src/lightbox/compose.js';
import { imglyCutout } from '../../worker/src/lightbox/cutout/imgly.js';
import type { CutoutProvider, Mask, MaskInput } from '../../worker/src/lightbox/cutout/provider.js';
import { bottleOnBusy, bottleOnPlain, iou, mugWithHandle } from '../../worker/test/lightbox-fixtures.js';

/**
 * `npx tsx bench/quality/run.ts` prints JSON: what the studios make, measured against truths kept
 * beside the inputs (bench/quality/corpus).
 * - scripts: the UGC script writer over the corpus's 30 product descriptions × 3 hooks × 3 seeds —
 *   lines, lines with a problem (doubled or dangling articles, "a" before a vowel, a participle after
 *   "has a", sentences without a capital or an end mark, length), and scripts over 45 s spoken;
 * - cutout: the local model's IoU against the known masks of the generated product photos (mean, worst);
 * - presets: every output preset × background × shadow composed from a real cut-out, and how many
 *   pass the preset's own compliance list;
 * - ads: the ad reader over 20 generated ads of known content (worker/src/ads/ad-corpus.ts) —
 *   recall of the headline, offer, price and call to action, and the product's side.
 */
const started = performance.now();

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
const model = imglyCutout();
const fixtures = await Promise.all([bottleOnPlain(), bottleOnBusy(), mugWithHandle()]);
const ious: { name: string; iou: number }[] = [];
for (const f of fixtures) {
  const mask = await model.mask({ png: await sharp(f.jpeg).png().toBuffer(), width: f.width, height: f.height });
  ious.push({ name: f.name, iou: Number(iou(mask.data, f.mask).toFixed(4)) });
}

// Presets --------------------------------------------------------------------------------------
// The model's mask of the busy-background bottle, computed once and reused for every combination.
const photo = fixtures[1]!;
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
const tally = { headline: [0, 0], offer: [0, 0], price: [0, 0], cta: [0, 0], side: [0, 0] };
const misses: string[] = [];
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
  count('offer', spec.offer, report.offer?.text, (t, r) => r.includes(t) || t.includes(r));
  count('price', spec.price, report.price?.text, (t, r) => t.includes(r) && /\d/.test(r) && r.replace(/[^0-9]/g, '') === t.replace(/[^0-9]/g, ''));
  count('cta', spec.cta, report.cta?.text, (t, r) => r === t);
  count('side', spec.product, report.layout.productSide, (t, r) => t === r);
}
const adSeconds = (performance.now() - adStart) / 1000;
await closeOcr();
const rate = ([hit, all]: number[]) => ({ recall: all ? Number((hit! / all).toFixed(3)) : null, of: all });

const mean = ious.reduce((a, b) => a + b.iou, 0) / ious.length;
console.log(
  JSON.stringify(
    {
      scripts: { products: corpus.products.length, scripts, lines, linesWithProblems: problems.length, overLength, examples: problems.slice(0, 5) },
      cutout: { photos: ious.length, meanIoU: Number(mean.toFixed(4)), worstIoU: Math.min(...ious.map((x) => x.iou)), perPhoto: ious },
      presets,
      ads: {
        ads: ads.length,
        headline: rate(tally.headline),
        offer: rate(tally.offer),
        price: rate(tally.price),
        cta: rate(tally.cta),
        productSide: rate(tally.side),
        secondsPerAd: Number((adSeconds / ads.length).toFixed(2)),
        misses,
      },
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    },
    null,
    2,
  ),
);
