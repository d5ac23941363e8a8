import sharp from 'sharp';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A button or badge found as a shape: its box in the ad's pixels and its fill colour. */
export interface Shape {
  box: Box;
  fill: [number, number, number];
}

/** The working size: a 1080 px ad is looked at 4× smaller, where a button is still tens of pixels. */
const WORK = 270;
/** How far (RGB distance) a pixel may be from the region's seed and still belong to a flat fill. */
const TOLERANCE = 26;

/**
 * Buttons and badges as shapes: flat-filled regions (a rounded rectangle, a pill, a circle badge)
 * that are small against the ad (0.3–12% of it), wider than tall or round, fill most of their box
 * once the words inside them count as theirs, and do not touch the ad's edge (the backdrop does).
 * Found on a small copy by flood fill; returned in the ad's own pixels.
 */
export async function findShapes(png: Buffer, width: number, height: number): Promise<Shape[]> {
  const scale = WORK / Math.max(width, height);
  const w = Math.max(8, Math.round(width * scale));
  const h = Math.max(8, Math.round(height * scale));
  const { data } = await sharp(png).removeAlpha().resize(w, h, { fit: 'fill', kernel: 'nearest' }).raw().toBuffer({ resolveWithObject: true });
  const label = new Int32Array(w * h).fill(-1);
  const shapes: Shape[] = [];
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (label[start] !== -1) continue;
    const seed: [number, number, number] = [data[start * 3]!, data[start * 3 + 1]!, data[start * 3 + 2]!];
    const id = start;
    label[start] = id;
    stack.push(start);
    let area = 0;
    let [minX, minY, maxX, maxY] = [w, h, -1, -1];
    let touchesEdge = false;
    while (stack.length) {
      const p = stack.pop()!;
      area++;
      const x = p % w;
      const y = (p - x) / w;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) touchesEdge = true;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1]) {
        if (q < 0 || label[q] !== -1) continue;
        const d = Math.hypot(data[q * 3]! - seed[0], data[q * 3 + 1]! - seed[1], data[q * 3 + 2]! - seed[2]);
        if (d > TOLERANCE) continue;
        label[q] = id;
        stack.push(q);
      }
    }
    if (touchesEdge) continue;
    const bw = maxX - minX + 1;
    const bh = maxY - minY + 1;
    const boxArea = bw * bh;
    const share = boxArea / (w * h);
    const aspect = bw / bh;
    if (share < 0.003 || share > 0.12 || bh < 6) continue;
    if (aspect < 0.8 || aspect > 9) continue;
    // The words inside a button are holes in its fill: count what the region encloses as its own.
    const enclosed = enclosedArea(label, id, minX, minY, maxX, maxY, w);
    if ((area + enclosed) / boxArea < 0.7) continue;
    // Words must be inside: a flat shape with no hole is a plain swatch, not a button or badge.
    if (enclosed / boxArea < 0.03) continue;
    shapes.push({
      box: { x: Math.round(minX / scale), y: Math.round(minY / scale), width: Math.round(bw / scale), height: Math.round(bh / scale) },
      fill: seed,
    });
  }
  return shapes;
}

/** Pixels of a box that are not the region but are walled in by it on all four sides of their row and column. */
function enclosedArea(label: Int32Array, id: number, minX: number, minY: number, maxX: number, maxY: number, w: number): number {
  let n = 0;
  for (let y = minY; y <= maxY; y++) {
    let left = -1;
    let right = -1;
    for (let x = minX; x <= maxX; x++) {
      if (label[y * w + x] === id) {
        if (left < 0) left = x;
        right = x;
      }
    }
    for (let x = left + 1; x < right; x++) {
      if (label[y * w + x] === id) continue;
      let up = false;
      let down = false;
      for (let yy = y - 1; yy >= minY && !up; yy--) up = label[yy * w + x] === id;
      for (let yy = y + 1; yy <= maxY && !down; yy++) down = label[yy * w + x] === id;
      if (up && down) n++;
    }
  }
  return n;
}
