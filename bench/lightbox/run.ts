import os from 'node:os';
import sharp from 'sharp';
import type { LightboxOptions } from '@shotcraft/shared/jobs/studios/lightbox.ts';
import { composeLightbox } from '@shotcraft/worker/src/studios/lightbox/compose.ts';
import { imglyCutout } from '@shotcraft/worker/src/models/cutout/imgly.ts';
import { queuedCutout } from '@shotcraft/worker/src/models/cutout/index.ts';
import { MASK_SIZE } from '@shotcraft/worker/src/models/cutout/product-mask.ts';
import { createQueue } from '@shotcraft/worker/src/queue.ts';
import { bottleOnBusy } from '@shotcraft/worker/test/lightbox-fixtures.ts';

/**
 * `npx tsx bench/lightbox/run.ts` prints JSON for a 12-megapixel product photo (4000×3000, a
 * bottle on a busy kitchen table, generated) turned into an Amazon main image in this process:
 * the cut-out's cold call (model load + first mask) and warm calls, the whole pipeline warm
 * (cut-out, full-resolution feathered mask, backdrop, composite, JPEG, compliance check), and the
 * process's peak RSS, then a batch of BENCH_BATCH (default 20) through the worker's queue at its
 * concurrency. Medians of BENCH_RUNS (default 3). Targets on a 2-core machine: warm 12 MP →
 * Amazon ≤ 4 s, peak RSS ≤ 1.5 GB, a batch of 20 ≤ 20 × single / concurrency + 10%.
 */
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
sharp.concurrency(os.cpus().length);
sharp.cache(false);

const fixture = await bottleOnBusy();
const { data, info } = await sharp(fixture.jpeg).resize(4000, 3000, { fit: 'cover' }).raw().toBuffer({ resolveWithObject: true });
const photo = { data, width: info.width, height: info.height, channels: 3 as const, hasAlpha: false, type: 'jpeg' as const };
const small = await sharp(data, { raw: { width: 4000, height: 3000, channels: 3 } }).resize(MASK_SIZE, 768).png().toBuffer();
const options: LightboxOptions = { product_name: 'Bottle', background: 'white', colour: '#ffffff', colour_to: '#ffffff', background_description: '', shadow: 'none', output: 'amazon' };

const cutout = imglyCutout();
const timed = async (fn: () => Promise<unknown>) => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};

const cold = await timed(() => cutout.mask({ png: small, width: MASK_SIZE, height: 768 }));
const warm: number[] = [];
for (let i = 0; i < runs; i++) warm.push(await timed(() => cutout.mask({ png: small, width: MASK_SIZE, height: 768 })));
const pipeline: number[] = [];
let compliant = true;
for (let i = 0; i < runs; i++) {
  pipeline.push(
    await timed(async () => {
      const result = await composeLightbox(photo, options, cutout);
      compliant &&= result.details.compliance.every((c) => c.passed);
    }),
  );
}

// A batch of 20 as the worker runs one: each photo in the batch lane of its CPU queue (the CPU
// count), the cut-out in the model queue, the photo's CPU slot given up while it waits for the model.
const BATCH = Number(process.env.BENCH_BATCH ?? 20);
const queue = createQueue(os.cpus().length);
const models = createQueue(1);
const ticket = { lane: 'batch', owner: 'bench' } as const;
const batchMs = await timed(() =>
  Promise.all(Array.from({ length: BATCH }, () => queue.run((slot) => composeLightbox(photo, options, queuedCutout(cutout, models, slot, ticket)), ticket))),
);
const single = median(pipeline);
const batchTarget = (BATCH * single) / queue.concurrency * 1.1;

console.log(
  JSON.stringify(
    {
      photo: '4000×3000 JPEG-decoded pixels',
      output: 'Amazon main image 2000×2000',
      runs,
      cutout_cold_ms: Math.round(cold),
      cutout_warm_ms: median(warm),
      pipeline_warm_ms: median(pipeline),
      pipeline_target_ms: 4000,
      compliant,
      batch: { photos: BATCH, concurrency: queue.concurrency, ms: Math.round(batchMs), photos_per_min: Number(((BATCH / batchMs) * 60_000).toFixed(1)), target_ms: Math.round(batchTarget), meets_target: batchMs <= batchTarget },
      peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
      rss_target_mb: 1536,
      cores: os.cpus().length,
    },
    null,
    2,
  ),
);
