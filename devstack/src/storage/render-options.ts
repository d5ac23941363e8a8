/** Image transformation options (width, height, resize, quality, format) as storage-js sends them. */
import { errors } from './errors.js';

export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  quality?: number;
  format?: 'origin' | 'avif' | 'webp';
}

const RESIZE = new Set(['cover', 'contain', 'fill']);
const FORMAT = new Set(['origin', 'avif', 'webp']);
/** Hosted limits rendered images to 2500px a side. */
export const MAX_DIMENSION = 2500;

function int(v: unknown, name: string, min: number, max: number): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw errors.invalidRequest(`querystring/${name} must be an integer between ${min} and ${max}`);
  return n;
}

/** Validates options from a query string (strings) or a JSON body (numbers). */
export function parseTransform(src: Record<string, unknown>): TransformOptions {
  const o: TransformOptions = {};
  const width = int(src.width, 'width', 0, MAX_DIMENSION);
  const height = int(src.height, 'height', 0, MAX_DIMENSION);
  const quality = int(src.quality, 'quality', 20, 100);
  if (width) o.width = width;
  if (height) o.height = height;
  if (quality) o.quality = quality;
  if (src.resize !== undefined && src.resize !== '') {
    if (typeof src.resize !== 'string' || !RESIZE.has(src.resize)) throw errors.invalidRequest('querystring/resize must be equal to one of the allowed values');
    o.resize = src.resize as TransformOptions['resize'];
  }
  if (src.format !== undefined && src.format !== '') {
    if (typeof src.format !== 'string' || !FORMAT.has(src.format)) throw errors.invalidRequest('querystring/format must be equal to one of the allowed values');
    o.format = src.format as TransformOptions['format'];
  }
  return o;
}

/** A canonical string for tokens and cache keys, e.g. 'width:200,height:0,resize:cover,quality:80,format:'. */
export function transformKey(input: TransformOptions | Record<string, unknown>): string {
  const o = parseTransform(input as Record<string, unknown>);
  return [
    `width:${o.width ?? 0}`,
    `height:${o.height ?? 0}`,
    `resize:${o.resize ?? 'cover'}`,
    `quality:${o.quality ?? 80}`,
    `format:${o.format ?? ''}`,
  ].join(',');
}

export function parseTransformKey(key: string): TransformOptions {
  const src: Record<string, string> = {};
  for (const part of key.split(',')) {
    const i = part.indexOf(':');
    if (i > 0) src[part.slice(0, i)] = part.slice(i + 1);
  }
  return parseTransform(src);
}
