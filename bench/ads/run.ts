import os from 'node:os';
import sharp from 'sharp';
import { analyzeAd } from '@shotcraft/worker/src/studios/competitor-ad/analyze.ts';
import { closeOcr } from '@shotcraft/worker/src/models/ocr.ts';
import { makeTestAd } from '@shotcraft/worker/src/studios/competitor-ad/test-ads.ts';
import { renderVariations } from '@shotcraft/worker/src/studios/competitor-ad/variations.ts';

/**
 * `npx tsx bench/ads/run.ts` prints JSON: the analysis of a 1080×1080 and a 1080×1920 ad (OCR
 * cold — the model loaded — and warm, medians of BENCH_RUNS, default 3), and 3 variations at
 * each of the three sizes (the cut-out, timed in bench/lightbox, left out). Targets on a 2-core
 * machine: warm analysis ≤ 3 s, 3 variations ≤ 5 s.
 */
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
const timed = async <T>(fn: () => Promise<T>) => {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
};

const [square, story] = await Promise.all([makeTestAd('square'), makeTestAd('story')]);
const cold = await timed(() => analyzeAd(square.png));
const warm = async (png: Buffer) => {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await timed(() => analyzeAd(png))).ms);
  return { median_ms: median(times), min_ms: Math.round(Math.min(...times)), max_ms: Math.round(Math.max(...times)) };
};
const squareWarm = await warm(square.png);
const storyWarm = await warm(story.png);
await closeOcr();

const product = await sharp({ create: { width: 600, height: 900, channels: 4, background: { r: 22, g: 163, b: 74, alpha: 1 } } }).png().toBuffer();
const request = { headline: 'Fresh greens, fast', offer: 'Free delivery', price: '$24.99', cta: 'Order now', placements: ['feed_square', 'feed_portrait', 'stories_reels'] as ('feed_square' | 'feed_portrait' | 'stories_reels')[], count: 3 };
const variationTimes: number[] = [];
for (let i = 0; i < runs; i++) variationTimes.push((await timed(() => renderVariations(cold.value, { png: product, width: 600, height: 900 }, { ...request, placements: ['feed_square'] }))).ms);
const allSizes = await timed(() => renderVariations(cold.value, { png: product, width: 600, height: 900 }, request));

console.log(
  JSON.stringify(
    {
      machine: { cpus: os.cpus().length, node: process.version },
      runs,
      analysis_1080x1080: { cold_ms: Math.round(cold.ms), warm: squareWarm },
      analysis_1080x1920: { warm: storyWarm },
      variations_3_at_one_size: { median_ms: median(variationTimes) },
      variations_3_at_three_sizes: { ms: Math.round(allSizes.ms), images: allSizes.value.length },
      targets: { warm_analysis_ms: 3000, three_variations_ms: 5000 },
      met: { analysis: squareWarm.median_ms <= 3000 && storyWarm.median_ms <= 3000, variations: median(variationTimes) <= 5000 },
      peak_rss_mb: Math.round((process.resourceUsage().maxRSS * 1024) / 1024 / 1024),
    },
    null,
    2,
  ),
);
