import path from 'node:path';
import sharp from 'sharp';
import { composeLightbox } from '@shotcraft/worker/src/studios/lightbox/compose.ts';
import { imglyCutout } from '@shotcraft/worker/src/models/cutout/imgly.ts';
import { mugWithHandle } from '@shotcraft/worker/test/lightbox-fixtures.ts';

/**
 * `npx tsx scripts/make-samples.ts` renders the trial lightbox's before/after sample with the real
 * pipeline (a mug on a table → Amazon main image) into public/samples. Run it again when the
 * pipeline's look changes; the files are committed so the page needs no worker to show them.
 */
const out = path.resolve(import.meta.dirname, '../public/samples');
const fixture = await mugWithHandle();
const { data, info } = await sharp(fixture.jpeg).raw().toBuffer({ resolveWithObject: true });
const result = await composeLightbox(
  { data, width: info.width, height: info.height, channels: 3, hasAlpha: false, type: 'jpeg' },
  { product_name: 'Blue mug', background: 'white', colour: '#ffffff', colour_to: '#ffffff', background_description: '', shadow: 'none', output: 'amazon' },
  imglyCutout(),
);
await sharp(fixture.jpeg).resize(640, 640).webp({ quality: 78 }).toFile(path.join(out, 'lightbox-before.webp'));
await sharp(result.buffer).resize(640, 640).webp({ quality: 78 }).toFile(path.join(out, 'lightbox-after.webp'));
console.log('wrote', path.join(out, 'lightbox-before.webp'), path.join(out, 'lightbox-after.webp'));
