/**
 * The landing page's examples, made by the studios' own pipelines (issue 33 #11: the page showed
 * drawings under "Real product videos"): `npx tsx scripts/make-showcase.ts`.
 *
 * Inputs are the product photos of the test fixtures (e2e/fixtures, the worker's cut-out and spin
 * fixtures); each goes through the worker's code exactly as a job would — the lightbox cut-out and
 * backdrops (the ONNX model), a refine preset, the UGC renderer with its voice and captions, the
 * 360° spin — and the results are written small under public/showcase/: WebP stills (480 px) and
 * H.264 MP4s (270×480) with JPEG posters — and the list of them the landing page shows,
 * src/features/landing/lib/showcase-data.ts (the devstack seeds the carousel from the folder).
 * Keep the folder under ~1.5 MB (the script prints the total).
 */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { spinOptionsSchema } from '@shotcraft/shared/jobs/studios/spin360.ts';
import type { UgcProduct, UgcScript } from '@shotcraft/shared/jobs/studios/ugc.ts';
import { refineImage } from '@shotcraft/worker/src/studios/refine/refine.ts';
import { validateAndDecode, type DecodedImage } from '@shotcraft/worker/src/image/validate.ts';
import { composeLightbox } from '@shotcraft/worker/src/studios/lightbox/compose.ts';
import { cutoutProvider } from '@shotcraft/worker/src/models/cutout/index.ts';
import { makeSpin } from '@shotcraft/worker/src/studios/spin360/pipeline.ts';
import { writeTurntableFrames } from '@shotcraft/worker/src/studios/spin360/test-frames.ts';
import { renderUgc } from '@shotcraft/worker/src/studios/ugc/render.ts';
import { ttsProvider } from '@shotcraft/worker/src/studios/ugc/tts/index.ts';
import { runFfmpeg } from '@shotcraft/worker/src/video/ffmpeg.ts';
import { bottleOnBusy, bottleOnPlain, mugWithHandle } from '@shotcraft/worker/test/lightbox-fixtures.ts';
import type { Showcase } from '../src/features/landing/lib/showcase.js';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'public', 'showcase');
const work = await mkdtemp(path.join(os.tmpdir(), 'showcase-'));
const STILL = 480;
const cutout = cutoutProvider();

async function decodeFile(file: string): Promise<DecodedImage> {
  return validateAndDecode(file, (await stat(file)).size, { maxPixels: 40_000_000 });
}

async function decodeBuffer(name: string, bytes: Buffer): Promise<DecodedImage> {
  const file = path.join(work, name);
  await writeFile(file, bytes);
  return decodeFile(file);
}

/** A still for the page: WebP, at most 480 px on its long side. */
async function still(name: string, input: Buffer | DecodedImage): Promise<string> {
  const image = Buffer.isBuffer(input) ? sharp(input) : sharp(input.data, { raw: { width: input.width, height: input.height, channels: input.channels } });
  await image.resize(STILL, STILL, { fit: 'inside' }).webp({ quality: 72, effort: 6 }).toFile(path.join(out, `${name}.webp`));
  return `/showcase/${name}.webp`;
}

/** A video for the carousel's 9:16 card: 270×480 H.264 (padded on white when its aspect differs), small. */
async function video(name: string, mp4: Buffer, { audio }: { audio: boolean }): Promise<{ file: string; poster: string }> {
  const input = path.join(work, `${name}-in.mp4`);
  await writeFile(input, mp4);
  const target = path.join(out, `${name}.mp4`);
  await runFfmpeg([
    '-i', input,
    '-vf', 'scale=270:480:force_original_aspect_ratio=decrease,pad=270:480:(ow-iw)/2:(oh-ih)/2:color=white,format=yuv420p',
    '-c:v', 'libx264', '-preset', 'veryslow', '-crf', '31', '-profile:v', 'high', '-movflags', '+faststart',
    ...(audio ? ['-c:a', 'aac', '-b:a', '40k', '-ac', '1'] : ['-an']),
    target,
  ]);
  const poster = path.join(out, `${name}.jpg`);
  await runFfmpeg(['-ss', '1', '-i', target, '-frames:v', '1', '-q:v', '6', poster]);
  return { file: `/showcase/${name}.mp4`, poster: `/showcase/${name}.jpg` };
}

const UGC_LIMIT_SCALE = 0.25;

async function ugcAd(name: string, photos: Buffer[], product: UgcProduct, script: UgcScript) {
  const files = await Promise.all(photos.map(async (jpeg, i) => {
    const file = path.join(work, `${name}-${i}.jpg`);
    await writeFile(file, jpeg);
    return file;
  }));
  const ad = await renderUgc({ photos: files, product, script, quality: 'final', captions: true, dir: await mkdtemp(path.join(work, `${name}-`)), scale: UGC_LIMIT_SCALE }, { tts: ttsProvider(), progress: () => {} });
  return video(name, ad.mp4, { audio: true });
}

await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
const showcase: Showcase = { stills: [], videos: [] };

// 1. Lightbox: the mug photo → an Amazon main image (pure white, contact shadow).
const mugFile = path.join(root, 'e2e/fixtures/mug.jpg');
const mug = await decodeFile(mugFile);
const amazon = await composeLightbox(mug, { product_name: 'Blue mug', background: 'white', colour: '#ffffff', colour_to: '#ffffff', background_description: '', shadow: 'contact', output: 'amazon' }, cutout);
showcase.stills.push({ studio: 'Lightbox Studio', title: 'Blue mug → Amazon main image', before: await still('lightbox-mug-before', mug), after: await still('lightbox-mug-after', amazon.buffer) });

// 2. Lightbox with a described backdrop: a bottle on a busy kitchen table → Instagram feed.
const busy = await decodeBuffer('bottle-busy.jpg', (await bottleOnBusy()).jpeg);
const marble = await composeLightbox(busy, { product_name: 'Water bottle', background: 'description', colour: '#ffffff', colour_to: '#ffffff', background_description: 'warm marble, soft light', shadow: 'reflection', output: 'instagram' }, cutout);
showcase.stills.push({ studio: 'Lightbox Studio', title: 'Kitchen-table snap → warm marble for Instagram', before: await still('lightbox-bottle-before', busy), after: await still('lightbox-bottle-after', marble.buffer) });

// 3. Refine: the warm, noisy mug photo → Color Correction.
const corrected = await refineImage(mug, 'color');
showcase.stills.push({ studio: 'Refine Image', title: 'Warm phone photo → Color Correction', before: await still('refine-mug-before', mug), after: await still('refine-mug-after', corrected.buffer) });

// 4. UGC ads from the lightbox shots and the original photos: a voiced, captioned 9:16 ad each.
const herbFile = path.join(root, 'e2e/fixtures/bottle.png');
const lightbox = (image: DecodedImage, name: string, background: 'white' | 'studio-grey' | 'gradient', colour = '#ffffff', colourTo = '#ffffff') =>
  composeLightbox(image, { product_name: name, background, colour, colour_to: colourTo, background_description: '', shadow: 'contact', output: 'instagram' }, cutout).then((shot) => shot.buffer);
const herb = await decodeFile(herbFile);
const handleMug = await decodeBuffer('mug-handle.jpg', (await mugWithHandle()).jpeg);
const plainBottle = await decodeBuffer('bottle-plain.jpg', (await bottleOnPlain()).jpeg);

const ads: { slug: string; photos: Buffer[]; product: UgcProduct; script: UgcScript }[] = [
  {
    slug: 'blue-mug-video-ad',
    photos: [amazon.buffer, await readFile(mugFile)],
    product: { name: 'Blue Mug', benefits: ['keeps coffee hot for hours'], offer: 'Free shipping', cta: 'Shop now', aspect: '9:16' },
    script: { hook: 'problem', scenes: [{ kind: 'hook', text: 'Cold coffee by the second sip?', photo: 1 }, { kind: 'cta', text: 'This mug keeps it hot. Shop now.', photo: 0 }] },
  },
  {
    slug: 'herb-tonic-video-ad',
    photos: [await lightbox(herb, 'Herb tonic', 'studio-grey'), await readFile(herbFile)],
    product: { name: 'Herb Tonic', benefits: ['no added sugar'], offer: '20% off', cta: 'Try it today', aspect: '9:16' },
    script: { hook: 'testimonial', scenes: [{ kind: 'hook', text: 'I swapped my soda for this.', photo: 1 }, { kind: 'cta', text: 'No added sugar. Try it today.', photo: 0 }] },
  },
  {
    slug: 'marble-water-bottle-video-ad',
    photos: [marble.buffer, (await bottleOnBusy()).jpeg],
    product: { name: 'Water Bottle', benefits: ['cold for 24 hours'], offer: '', cta: 'Order now', aspect: '9:16' },
    script: { hook: 'unboxing', scenes: [{ kind: 'hook', text: 'Look what just arrived.', photo: 1 }, { kind: 'cta', text: 'Cold all day. Order now.', photo: 0 }] },
  },
  {
    slug: 'studio-mug-video-ad',
    photos: [await lightbox(handleMug, 'Studio mug', 'gradient', '#dbeafe', '#ffffff'), (await mugWithHandle()).jpeg],
    product: { name: 'Studio Mug', benefits: ['a handle that stays cool'], offer: 'Two for one', cta: 'Get yours', aspect: '9:16' },
    script: { hook: 'problem', scenes: [{ kind: 'hook', text: 'Burnt fingers every morning?', photo: 1 }, { kind: 'cta', text: 'The handle stays cool. Get yours.', photo: 0 }] },
  },
  {
    slug: 'travel-bottle-video-ad',
    photos: [await lightbox(plainBottle, 'Travel bottle', 'gradient', '#fde68a', '#fff7ed'), (await bottleOnPlain()).jpeg],
    product: { name: 'Travel Bottle', benefits: ['fits every cup holder'], offer: 'Free returns', cta: 'Shop now', aspect: '9:16' },
    script: { hook: 'testimonial', scenes: [{ kind: 'hook', text: 'It goes everywhere with me.', photo: 1 }, { kind: 'cta', text: 'Fits every cup holder. Shop now.', photo: 0 }] },
  },
];
for (const ad of ads) showcase.videos.push({ studio: 'UGC Video Creator', slug: ad.slug, ...(await ugcAd(ad.slug, ad.photos, ad.product, ad.script)) });

// 5. A 360° spin from a 24-photo turntable sequence.
const frames = await writeTurntableFrames(path.join(work, 'turntable'), 24);
const turntable = { kind: 'frames' as const, dir: work, photos: frames.map((file, i) => ({ file, label: `Photo ${i + 1}`, width: 640, height: 480 })) };
const spin = await makeSpin(turntable, spinOptionsSchema.parse({ source: 'frames', seconds_per_turn: 4 }), { progress: () => {} });
showcase.videos.push({ studio: '360° Spin Studio', slug: 'gift-box-360-spin', ...(await video('gift-box-360-spin', spin.mp4, { audio: false })) });

await writeFile(
  path.join(root, 'src/features/landing/lib/showcase-data.ts'),
  `// Written by scripts/make-showcase.ts: what the studios made for the landing page. Do not edit.\nimport type { Showcase } from './showcase';\n\nexport const SHOWCASE: Showcase = ${JSON.stringify(showcase, null, 2)};\n`,
);
await rm(work, { recursive: true, force: true });

let total = 0;
for (const file of [...showcase.stills.flatMap((s) => [s.before, s.after]), ...showcase.videos.flatMap((v) => [v.file, v.poster])]) {
  const { size } = await stat(path.join(root, 'public', file));
  total += size;
  console.log(`${file}\t${(size / 1024).toFixed(1)} KB`);
}
console.log(`total\t${(total / 1024).toFixed(1)} KB`);
process.exit(0);
