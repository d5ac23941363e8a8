import sharp from 'sharp';

/** Alpha at or above this is the product's own colour, taken as it is. */
const SOLID = 250;

/**
 * The colours of a cut-out's soft edge, freed of the old background. A pixel half product and half
 * background keeps the old background's colour in its RGB; laid on a new backdrop it draws a rim of
 * that colour around the product (a light outline on a dark scene when the photo was taken on
 * white). Its colour becomes the product's own from just inside the edge — the opaque pixels'
 * colours spread outwards by a blur of the colour weighted by opacity, divided by the blurred
 * weight — and its alpha stays as it was, so the edge is as soft as before and only its colour
 * changes. In place on `rgba` (four bytes a pixel).
 */
export async function decontaminateEdges(rgba: Buffer, width: number, height: number): Promise<void> {
  const n = width * height;
  const weight = Buffer.alloc(n);
  const colour = Buffer.alloc(n * 3);
  const done = new Uint8Array(n);
  let soft = 0;
  for (let p = 0; p < n; p++) {
    const a = rgba[p * 4 + 3]!;
    if (a >= SOLID) {
      weight[p] = 255;
      colour[p * 3] = rgba[p * 4]!;
      colour[p * 3 + 1] = rgba[p * 4 + 1]!;
      colour[p * 3 + 2] = rgba[p * 4 + 2]!;
    } else if (a > 0) {
      soft++;
    }
  }
  if (soft === 0) return;
  // From near to far: the nearest solid colours first; a pixel at the outer rim of a wide feather
  // (a 12 MP cut-out's) takes them from a wider spread.
  let sigma = Math.max(1.5, Math.min(width, height) / 600);
  for (let pass = 0; pass < 3 && soft > 0; pass++, sigma *= 3) {
    const [spreadColour, spreadWeight] = await Promise.all([
      sharp(colour, { raw: { width, height, channels: 3 } }).blur(sigma).raw().toBuffer(),
      sharp(weight, { raw: { width, height, channels: 1 } }).blur(sigma).extractChannel(0).raw().toBuffer(),
    ]);
    for (let p = 0; p < n; p++) {
      const a = rgba[p * 4 + 3]!;
      if (a >= SOLID || a === 0 || done[p]) continue;
      const w = spreadWeight[p]!;
      // Too little solid colour within reach to divide by: the next, wider pass.
      if (w < 8) continue;
      for (let c = 0; c < 3; c++) rgba[p * 4 + c] = Math.min(255, Math.round((spreadColour[p * 3 + c]! * 255) / w));
      done[p] = 1;
      soft--;
    }
  }
}
