import sharp from 'sharp';
import type { ComplianceCheck, OutputPreset } from '@shotcraft/shared/jobs/studios/lightbox.ts';
import { boundingBox } from '../../models/cutout/product-mask.js';

/** How far from pure white a pixel may be and still count as background when measuring the product. */
const NEAR_WHITE = 250;

/**
 * Checks an encoded result against its preset's rules by decoding it again: what the marketplace
 * will see, JPEG rounding included. Every rule the preset has yields one line, passed or not.
 * The product's fill is measured from `productBox` (its mask's box in the frame) when the caller
 * knows it, since a white product on white cannot be told from its background by colour; from the
 * pixels that are not near white otherwise.
 */
export async function checkCompliance(encoded: Buffer, preset: OutputPreset, format: 'jpeg' | 'png', productBox?: { width: number; height: number }): Promise<ComplianceCheck[]> {
  const { data, info } = await sharp(encoded).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const checks: ComplianceCheck[] = [];
  const { rules } = preset;

  if (rules.exactSize && preset.size) {
    const ok = width === preset.size.width && height === preset.size.height;
    checks.push({ rule: `Size ${preset.size.width}×${preset.size.height} px`, passed: ok, detail: `${width}×${height} px` });
  }
  if (rules.minShortSide) {
    const short = Math.min(width, height);
    checks.push({ rule: `Shortest side at least ${rules.minShortSide} px`, passed: short >= rules.minShortSide, detail: `${short} px` });
  }
  if (rules.pureWhiteBackground) {
    const off = nonWhiteBorderPixels(data, width, height);
    checks.push({ rule: 'Background pure white (#FFFFFF)', passed: off === 0, detail: off === 0 ? 'every edge pixel is #FFFFFF' : `${off} edge pixels are not #FFFFFF` });
  }
  if (rules.minFill) {
    const fill = productBox ? Math.max(productBox.width / width, productBox.height / height) : productFill(data, width, height);
    checks.push({ rule: `Product fills at least ${Math.round(rules.minFill * 100)}% of the frame`, passed: fill >= rules.minFill, detail: `${Math.round(fill * 100)}%` });
  }
  if (rules.format) {
    checks.push({ rule: 'JPEG file', passed: format === rules.format, detail: format.toUpperCase() });
  }
  return checks;
}

/** Pixels in the outer 2 px ring that are not exactly #FFFFFF. */
function nonWhiteBorderPixels(rgb: Buffer, width: number, height: number): number {
  let off = 0;
  const ring = 2;
  for (let y = 0; y < height; y++) {
    const edgeRow = y < ring || y >= height - ring;
    for (let x = 0; x < width; x++) {
      if (!edgeRow && x >= ring && x < width - ring) continue;
      const i = (y * width + x) * 3;
      if (rgb[i] !== 255 || rgb[i + 1] !== 255 || rgb[i + 2] !== 255) off++;
    }
  }
  return off;
}

/** The product's larger extent over the frame's, found as the box of pixels that are not (near) white. */
export function productFill(rgb: Buffer, width: number, height: number): number {
  const dark = Buffer.alloc(width * height);
  for (let p = 0; p < width * height; p++) {
    const i = p * 3;
    dark[p] = rgb[i]! < NEAR_WHITE || rgb[i + 1]! < NEAR_WHITE || rgb[i + 2]! < NEAR_WHITE ? 255 : 0;
  }
  const box = boundingBox(dark, width, height, 128);
  return box ? Math.max(box.width / width, box.height / height) : 0;
}
