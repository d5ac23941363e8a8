/** 3×3 colour matrices for sharp's recomb (one pass in RGB; cheaper than Lab/LCh round trips). */
export type Matrix3 = [number, number, number, number, number, number, number, number, number];

export const IDENTITY: Matrix3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
const LUMA_ROW = [0.2126, 0.7152, 0.0722];

/** Saturation around luminance: 0 = grey, 1 = unchanged, 1.25 = +25%. */
export function saturationMatrix(s: number): Matrix3 {
  return Array.from({ length: 9 }, (_, i) => (1 - s) * LUMA_ROW[i % 3] + (i % 4 === 0 ? s : 0)) as Matrix3;
}

export function multiply(a: Matrix3, b: Matrix3): Matrix3 {
  return Array.from({ length: 9 }, (_, i) => {
    const row = Math.floor(i / 3);
    const col = i % 3;
    return a[row * 3] * b[col] + a[row * 3 + 1] * b[3 + col] + a[row * 3 + 2] * b[6 + col];
  }) as Matrix3;
}

export const blendMatrix = (a: Matrix3, b: Matrix3, t: number): Matrix3 => a.map((v, i) => v + (b[i] - v) * t) as Matrix3;

/** The form sharp's recomb takes. */
export const rows = (m: Matrix3): [[number, number, number], [number, number, number], [number, number, number]] => [
  [m[0], m[1], m[2]],
  [m[3], m[4], m[5]],
  [m[6], m[7], m[8]],
];
