import { describe, expect, it } from 'vitest';
import { iou } from '../../../test/lightbox-fixtures';
import { cutoutDoubt, refineMask } from './refine-mask';

// About the size the cut-out model's mask has (1024 px on the long side).
const W = 1000;
const H = 1000;

/** A photo (three bytes a pixel) painted by `colour(x, y)`, and a mask where `inMask(x, y)`. */
function scene(colour: (x: number, y: number) => [number, number, number], inMask: (x: number, y: number) => boolean) {
  const rgb = new Uint8Array(W * H * 3);
  const mask = Buffer.alloc(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      rgb.set(colour(x, y), (y * W + x) * 3);
      if (inMask(x, y)) mask[y * W + x] = 255;
    }
  }
  return { rgb, mask };
}

const inSquare = (x: number, y: number) => x >= 300 && x < 700 && y >= 300 && y < 700;
/** A yellow-and-pink background pattern, like flowers on a print. */
const pattern = (x: number, _y: number): [number, number, number] => (Math.floor(x / 30) % 2 ? [250, 210, 40] : [236, 72, 153]);
const truth = (() => {
  const m = Buffer.alloc(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (inSquare(x, y)) m[y * W + x] = 255;
  return m;
})();

describe('refineMask', () => {
  it('takes out a piece of the background the model took in with the product (a flower beside a shoe)', () => {
    // The model's mask: the blue product and a 40 px bite of the pattern on each side.
    const blob = (x: number, y: number) => ((x >= 700 && x < 740) || (x >= 260 && x < 300)) && y >= 300 && y < 700;
    const { rgb, mask } = scene((x, y) => (inSquare(x, y) ? [40, 60, 200] : pattern(x, y)), (x, y) => inSquare(x, y) || blob(x, y));
    expect(iou(mask, truth)).toBeLessThan(0.9);
    const { removed } = refineMask(mask, rgb, W, H);
    expect(removed).toBeGreaterThan(25_000);
    expect(iou(mask, truth)).toBeGreaterThan(0.97);
  });

  it('takes off small bits of the background stuck to the edge (a twig, a flower\'s centre), not a thin part in the product\'s colours', () => {
    // The model took in a bite of the pattern (which the colour band removes), two short pink and
    // yellow bits sticking out of the top edge, and the product has a blue strap of the same size.
    const bite = (x: number, y: number) => x >= 700 && x < 740 && y >= 300 && y < 700;
    const twig = (x: number, y: number) => x >= 350 && x < 358 && y >= 282 && y < 300;
    const dot = (x: number, y: number) => (x - 450) ** 2 + (y - 296) ** 2 < 64 && y < 300;
    const strap = (x: number, y: number) => x >= 600 && x < 608 && y >= 282 && y < 300;
    const colour = (x: number, y: number): [number, number, number] =>
      inSquare(x, y) || strap(x, y) ? [40, 60, 200] : twig(x, y) ? [236, 72, 153] : dot(x, y) ? [250, 210, 40] : pattern(x, y);
    const { rgb, mask } = scene(colour, (x, y) => inSquare(x, y) || bite(x, y) || twig(x, y) || dot(x, y) || strap(x, y));
    refineMask(mask, rgb, W, H);
    const at = (x: number, y: number) => mask[y * W + x]!;
    expect([at(354, 288), at(450, 292)]).toEqual([0, 0]);
    expect(at(604, 288)).toBe(255);
    expect(at(500, 500)).toBe(255);
    expect(at(720, 500)).toBe(0);
  });

  it('leaves a thin part whose colour is the background\'s (a stem, a temple of sunglasses), and a white product on white', () => {
    // A 16 px yellow stem on the blue product over the yellow-and-pink pattern: too thin to be a piece of background.
    const stem = (x: number, y: number) => x >= 492 && x < 508 && y >= 150 && y < 300;
    const thin = scene((x, y) => (inSquare(x, y) ? [40, 60, 200] : stem(x, y) ? [250, 210, 40] : pattern(x, y)), (x, y) => inSquare(x, y) || stem(x, y));
    const before = Buffer.from(thin.mask);
    expect(refineMask(thin.mask, thin.rgb, W, H).removed).toBe(0);
    expect(thin.mask.equals(before)).toBe(true);

    const white = scene((x, y) => (inSquare(x, y) ? [250, 250, 249] : [244, 244, 244]), inSquare);
    expect(refineMask(white.mask, white.rgb, W, H).removed).toBe(0);
  });
});

describe('cutoutDoubt', () => {
  it('names a mask whose edge the model was unsure of over a wide band, or that lost much to the checks', () => {
    const crisp = Buffer.from(truth);
    // The same square with a 30 px ramp of half-sure values all round it.
    const soft = Buffer.alloc(W * H);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const out = Math.max(90 - x, x - 209, 90 - y, y - 209, 0);
        soft[y * W + x] = inSquare(x, y) ? 255 : out <= 30 ? 200 - out * 5 : 0;
      }
    }
    expect(cutoutDoubt(crisp, crisp, W, 0, 0)).toBe(false);
    expect(cutoutDoubt(soft, crisp, W, 0, 0)).toBe(true);
    expect(cutoutDoubt(crisp, crisp, W, 0.2, 0)).toBe(true);
    expect(cutoutDoubt(crisp, crisp, W, 0, 0.08)).toBe(true);
  });
});
