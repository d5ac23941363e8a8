/**
 * An image's pixel size from its first bytes, without decoding it: enough to refuse a 10000×5000
 * PNG in the browser before any upload or charge (the worker checks again from the same header).
 * Null when the header does not say (an unusual JPEG whose frame header comes late).
 */
export function readImageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  const has = (n: number) => bytes.length >= n;
  if (at(0, 0x89, 0x50, 0x4e, 0x47) && has(24)) return { width: view.getUint32(16), height: view.getUint32(20) };
  if (at(0, 0x47, 0x49, 0x46) && has(10)) return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  if (at(0, 0x42, 0x4d) && has(26)) return { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50) && has(30)) return webpSize(bytes, view);
  if (at(0, 0xff, 0xd8)) return jpegSize(bytes, view);
  return null;
}

function webpSize(bytes: Uint8Array, view: DataView) {
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === 'VP8X') return { width: 1 + (view.getUint32(24, true) & 0xffffff), height: 1 + (view.getUint32(27, true) & 0xffffff) };
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  return null;
}

/** Walks the JPEG markers to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegSize(bytes: Uint8Array, view: DataView) {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
    }
    offset += 2 + length;
  }
  return null;
}
