import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/**
 * A synthetic turntable: a two-coloured box on a light backdrop, seen from `count` angles. Its
 * front face slides round as it turns, so each frame differs and their order is visible. Used by
 * the worker's tests and bench/spin.
 */
export function turntableSvg(i: number, count: number, width: number, height: number, offsetX = 0): string {
  const angle = (2 * Math.PI * i) / count;
  const cx = width / 2 + offsetX;
  const w = width * 0.24;
  const faceA = Math.abs(Math.cos(angle)) * w;
  const faceB = Math.abs(Math.sin(angle)) * w;
  const left = cx - (faceA + faceB) / 2;
  const top = height * 0.3;
  const h = height * 0.45;
  const light = 225 + Math.round(10 * Math.sin(angle)); // uneven exposure, evened out by the pipeline
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="rgb(${light},${light},${light - 4})"/>
    <rect x="${left}" y="${top}" width="${Math.max(1, faceA)}" height="${h}" fill="#c0392b"/>
    <rect x="${left + faceA}" y="${top}" width="${Math.max(1, faceB)}" height="${h}" fill="#2c3e50"/>
    <ellipse cx="${cx}" cy="${top + h}" rx="${w * 0.7}" ry="${h * 0.04}" fill="rgba(0,0,0,0.15)"/>
  </svg>`;
}

/** Writes `count` JPEG frames into `dir` as `NNN_turn.jpg`; returns their paths in order. */
export async function writeTurntableFrames(dir: string, count: number, size = { width: 640, height: 480 }): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const file = path.join(dir, `${String(i).padStart(3, '0')}_turn.jpg`);
      await writeFile(file, await sharp(Buffer.from(turntableSvg(i, count, size.width, size.height, size.width * 0.12))).jpeg({ quality: 85 }).toBuffer());
      return file;
    }),
  );
}
