/**
 * Test images made in code (no binary fixtures): each one isolates what a preset should change.
 * Pixels are raw RGB; `toJpeg`/`toPng` encode them with sharp.
 */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { prng } from '../src/image/prng.js';

export interface RawRgb {
  data: Buffer;
  width: number;
  height: number;
}


const clamp8 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

function make(width: number, height: number, pixel: (x: number, y: number, out: number[]) => void): RawRgb {
  const data = Buffer.alloc(width * height * 3);
  const px = [0, 0, 0];
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      pixel(x, y, px);
      data[i] = clamp8(px[0]);
      data[i + 1] = clamp8(px[1]);
      data[i + 2] = clamp8(px[2]);
    }
  }
  return { data, width, height };
}

/** A natural-ish photo: sky gradient, ground, a few coloured objects, fine texture. */
export function naturalScene(width: number, height: number, seed = 1): RawRgb {
  const rand = prng(seed);
  const blobs = Array.from({ length: 6 }, () => ({
    cx: rand() * width, cy: height * (0.35 + rand() * 0.5), r: Math.min(width, height) * (0.06 + rand() * 0.12),
    c: [40 + rand() * 200, 40 + rand() * 200, 40 + rand() * 200],
  }));
  return make(width, height, (x, y, out) => {
    const v = y / height;
    const texture = (rand() - 0.5) * 18 + Math.sin(x * 0.05) * Math.cos(y * 0.07) * 10;
    if (v < 0.45) {
      out[0] = 110 + v * 150 + texture;
      out[1] = 150 + v * 120 + texture;
      out[2] = 220 - v * 40 + texture;
    } else {
      out[0] = 120 - (v - 0.45) * 80 + texture;
      out[1] = 110 - (v - 0.45) * 60 + texture;
      out[2] = 80 - (v - 0.45) * 40 + texture;
    }
    for (const b of blobs) {
      const d = Math.hypot(x - b.cx, y - b.cy);
      if (d < b.r) {
        const shade = 1 - (d / b.r) * 0.35;
        out[0] = b.c[0] * shade + texture;
        out[1] = b.c[1] * shade + texture;
        out[2] = b.c[2] * shade + texture;
      }
    }
  });
}

/** A neutral scene (greys of every lightness) seen through a warm cast: red up, blue down. */
export function colourCastScene(width = 240, height = 160): RawRgb {
  const rand = prng(7);
  return make(width, height, (x, y, out) => {
    const grey = 40 + (x / width) * 150 + ((y / height) > 0.5 ? 30 : 0) + (rand() - 0.5) * 6;
    out[0] = grey * 1.25 + 10;
    out[1] = grey * 1.0;
    out[2] = grey * 0.72;
  });
}

/** A vertical edge between dark and light grey, softened as by slight defocus. */
export function blurredEdge(width = 200, height = 120): RawRgb {
  return make(width, height, (x, _y, out) => {
    const t = 1 / (1 + Math.exp(-(x - width / 2) / 2.5));
    out[0] = out[1] = out[2] = 60 + 130 * t;
  });
}

/** A flat mid-grey patch with strong per-pixel noise. */
export function noisyPatch(width = 200, height = 200, amplitude = 60): RawRgb {
  const rand = prng(3);
  return make(width, height, (_x, _y, out) => {
    const n = (rand() - 0.5) * amplitude;
    out[0] = 128 + n;
    out[1] = 128 + (rand() - 0.5) * amplitude;
    out[2] = 128 + (rand() - 0.5) * amplitude;
  });
}

/** A saturated red product (with a darker label) in the middle of a slightly dull, grainy beige backdrop. */
export function productScene(width = 300, height = 240): RawRgb {
  const rand = prng(11);
  return make(width, height, (x, y, out) => {
    const inProduct = Math.abs(x - width / 2) < width * 0.18 && Math.abs(y - height / 2) < height * 0.25;
    if (inProduct) {
      const label = Math.abs(y - height / 2) < height * 0.05;
      out[0] = label ? 60 : 190;
      out[1] = label ? 60 : 30;
      out[2] = label ? 70 : 40;
      return;
    }
    const vignette = 1 - 0.18 * Math.hypot(x / width - 0.5, y / height - 0.5);
    const n = (rand() - 0.5) * 22;
    out[0] = 178 * vignette + n;
    out[1] = 168 * vignette + n;
    out[2] = 140 * vignette + n;
  });
}

/**
 * A blue mug with a white label on a warm beige backdrop that is warm on purpose (a real kitchen
 * or linen backdrop): the backdrop fills most of the frame, the label is the one neutral thing.
 */
export function warmBackdropScene(width = 300, height = 240): RawRgb {
  const rand = prng(5);
  return make(width, height, (x, y, out) => {
    const n = (rand() - 0.5) * 8;
    const inMug = Math.abs(x - width / 2) < width * 0.16 && Math.abs(y - height / 2) < height * 0.24;
    const inLabel = inMug && Math.abs(y - height / 2) < height * 0.06 && Math.abs(x - width / 2) < width * 0.1;
    const [r, g, b] = inLabel ? [236, 236, 234] : inMug ? [45, 85, 160] : [214, 190, 150];
    out[0] = r + n;
    out[1] = g + n;
    out[2] = b + n;
  });
}

export const inProductArea = (x: number, y: number, width: number, height: number) =>
  Math.abs(x - width / 2) < width * 0.15 && Math.abs(y - height / 2) < height * 0.2;
export const inBackgroundArea = (x: number, y: number, width: number, height: number) =>
  Math.abs(x - width / 2) > width * 0.25 || Math.abs(y - height / 2) > height * 0.32;

export const toJpeg = (img: RawRgb, quality = 92) =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } }).jpeg({ quality }).toBuffer();
export const toPng = (img: RawRgb) =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } }).png().toBuffer();

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])));
  return Buffer.concat([head, body, crc]);
}

/**
 * A valid PNG header claiming width×height RGB pixels, with one tiny compressed row: a
 * decompression bomb's shape, built without allocating the pixels.
 */
export function pngBombHeader(width = 60000, height = 60000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export { prng };
