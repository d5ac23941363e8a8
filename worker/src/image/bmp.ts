/**
 * A BMP reader: libvips (as shipped in sharp) has no BMP loader, and docs/spec.md accepts BMP.
 * Handles what cameras, scanners and paint programs write: uncompressed 1/4/8-bit paletted and
 * 24/32-bit (BI_RGB or BI_BITFIELDS) images, bottom-up or top-down. RLE variants are refused.
 */
export interface BmpHeader {
  width: number;
  height: number;
  bitsPerPixel: number;
  compression: number;
  topDown: boolean;
  dataOffset: number;
  headerSize: number;
}

export class BmpError extends Error {}

export function readBmpHeader(buf: Buffer): BmpHeader {
  if (buf.length < 26 || buf[0] !== 0x42 || buf[1] !== 0x4d) throw new BmpError('not a BMP file');
  const headerSize = buf.readUInt32LE(14);
  if (headerSize === 12) {
    return { width: buf.readUInt16LE(18), height: buf.readUInt16LE(20), bitsPerPixel: buf.readUInt16LE(24), compression: 0, topDown: false, dataOffset: buf.readUInt32LE(10), headerSize };
  }
  if (buf.length < 54 || headerSize < 40) throw new BmpError('truncated BMP header');
  const rawHeight = buf.readInt32LE(22);
  return {
    width: buf.readInt32LE(18),
    height: Math.abs(rawHeight),
    bitsPerPixel: buf.readUInt16LE(28),
    compression: buf.readUInt32LE(30),
    topDown: rawHeight < 0,
    dataOffset: buf.readUInt32LE(10),
    headerSize,
  };
}

const shiftOf = (mask: number) => (mask ? 31 - Math.clz32(mask & -mask) : 0);
const scaleOf = (mask: number) => {
  const bits = mask ? 32 - Math.clz32(mask >>> shiftOf(mask)) : 0;
  return bits ? 255 / (2 ** bits - 1) : 0;
};

/** Decodes to raw RGBA (alpha only when the file carries a real alpha mask). */
export function decodeBmp(buf: Buffer): { data: Buffer; width: number; height: number; channels: 3 | 4 } {
  const h = readBmpHeader(buf);
  const { width, height, bitsPerPixel: bpp } = h;
  if (width < 1 || height < 1) throw new BmpError('empty BMP');
  if (h.compression !== 0 && h.compression !== 3) throw new BmpError('compressed BMP');
  if (![1, 4, 8, 24, 32].includes(bpp)) throw new BmpError('unsupported BMP bit depth');
  const stride = Math.ceil((width * bpp) / 32) * 4;
  if (h.dataOffset + stride * height > buf.length) throw new BmpError('truncated BMP data');

  let masks = [0x00ff0000, 0x0000ff00, 0x000000ff, 0];
  if (h.compression === 3) {
    const at = h.headerSize >= 52 ? 54 : 14 + h.headerSize;
    masks = [buf.readUInt32LE(at), buf.readUInt32LE(at + 4), buf.readUInt32LE(at + 8), h.headerSize >= 56 ? buf.readUInt32LE(at + 12) : 0];
  } else if (bpp === 32 && h.headerSize >= 56) {
    masks[3] = buf.readUInt32LE(54 + 12) || 0;
  }
  const channels: 3 | 4 = bpp === 32 && masks[3] !== 0 ? 4 : 3;
  const paletteEntry = h.headerSize === 12 ? 3 : 4;
  const palette = 14 + h.headerSize;

  const out = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    const row = h.dataOffset + (h.topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * channels;
      if (bpp === 24) {
        const p = row + x * 3;
        out[o] = buf[p + 2];
        out[o + 1] = buf[p + 1];
        out[o + 2] = buf[p];
      } else if (bpp === 32) {
        const v = buf.readUInt32LE(row + x * 4);
        for (let c = 0; c < channels; c++) out[o + c] = Math.round(((v & masks[c]) >>> shiftOf(masks[c])) * scaleOf(masks[c]));
      } else {
        const bit = x * bpp;
        const index = (buf[row + (bit >> 3)] >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        const p = palette + index * paletteEntry;
        out[o] = buf[p + 2];
        out[o + 1] = buf[p + 1];
        out[o + 2] = buf[p];
      }
    }
  }
  return { data: out, width, height, channels };
}
