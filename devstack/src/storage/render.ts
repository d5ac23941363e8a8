/**
 * /render/image/{authenticated,public,sign}/:bucket/<name> — image transformations with sharp in
 * place of hosted imgproxy. Access is decided exactly as for the plain download; rendered results
 * are cached on disk next to the object's version (removed with it).
 */
import { createHash, randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { HttpContext } from '../core/types.js';
import { StorageError } from './errors.js';
import { callerClaims } from './http.js';
import { readObjectRow } from './objects.js';
import { parseTransform, parseTransformKey, transformKey, type TransformOptions } from './render-options.js';
import { setAssetHeaders } from './send.js';
import type { SignSvc } from './sign.js';
import { asSuperUser } from './tx.js';
import { findObject, type ObjectRow } from './store.js';

type OutFormat = 'webp' | 'avif' | 'jpeg' | 'png' | 'gif' | 'tiff';
const MIME: Record<OutFormat, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  tiff: 'image/tiff',
};

export async function renderImage(
  svc: SignSvc,
  ctx: HttpContext,
  mode: 'authenticated' | 'public' | 'sign',
  bucketId: string,
  name: string,
): Promise<void> {
  let obj: ObjectRow;
  let opts: TransformOptions;
  let expires: Date | undefined;
  if (mode === 'sign') {
    const token = await svc.signer.verify(ctx.url.searchParams.get('token'), 'download', `${bucketId}/${name}`);
    obj = await asSuperUser(svc.ctx, 'object.get_signed', (q) => findObject(q, bucketId, name));
    opts = parseTransformKey(token.transformations ?? '');
    expires = new Date(token.exp * 1000);
  } else {
    const claims = mode === 'authenticated' ? await callerClaims(ctx) : undefined;
    opts = parseTransform(Object.fromEntries(ctx.url.searchParams));
    obj = await readObjectRow(svc, ctx, bucketId, name, mode === 'public', claims);
  }
  if (!obj.version || !(await svc.blobs.exists(obj.version))) {
    throw new StorageError(404, 'NoSuchKey', 'The resource was not found', 'Not found');
  }
  const format = outputFormat(opts, await sourceFormat(svc, obj.version, String(obj.metadata?.mimetype ?? '')), String(ctx.req.headers.accept ?? ''));
  const data = await rendered(svc, obj.version, opts, format);
  setAssetHeaders(ctx, { ...obj, metadata: { ...obj.metadata, mimetype: MIME[format] } }, { expires, download: ctx.url.searchParams.get('download') });
  ctx.res.removeHeader('ETag');
  ctx.res.setHeader('X-Transformations', transformationsHeader(opts));
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', data.length);
  ctx.res.end(ctx.req.method === 'HEAD' ? undefined : data);
}

/**
 * The X-Transformations header as hosted storage words it (its image proxy's options):
 * e.g. 'height:200,width:200,resizing_type:fill,quality:60' — only what was asked, and the resize
 * mode as the proxy names it (cover → fill, contain → fit, fill → force).
 */
export function transformationsHeader(o: TransformOptions): string {
  const resizing = o.resize === 'contain' ? 'fit' : o.resize === 'fill' ? 'force' : 'fill';
  return [
    ...(o.height ? [`height:${o.height}`] : []),
    ...(o.width ? [`width:${o.width}`] : []),
    `resizing_type:${resizing}`,
    ...(o.quality ? [`quality:${o.quality}`] : []),
    ...(o.format && o.format !== 'origin' ? [`format:${o.format}`] : []),
  ].join(',');
}

/**
 * The source image's format: from its stored content type, else (uploaded as octet-stream or
 * text, say) from its bytes, as the image proxy behind hosted storage reads it.
 */
async function sourceFormat(svc: SignSvc, version: string, sourceMime: string): Promise<OutFormat | null> {
  const sub = sourceMime.split('/')[1]?.split(';')[0];
  if (sub === 'jpg' || sub === 'jpeg') return 'jpeg';
  if (sub && sub in MIME) return sub as OutFormat;
  try {
    const { format } = await sharp(svc.blobs.objectPath(version)).metadata();
    if (format === 'jpeg' || format === 'png' || format === 'webp' || format === 'gif' || format === 'avif' || format === 'tiff') return format;
  } catch {
    // not an image: rendering it fails below with the storage error
  }
  return null;
}

/** 'origin' keeps the source format; no format means webp when the client accepts it (as hosted). */
function outputFormat(opts: TransformOptions, source: OutFormat | null, accept: string): OutFormat {
  if (opts.format === 'webp' || opts.format === 'avif') return opts.format;
  if (opts.format !== 'origin' && accept.includes('image/webp')) return 'webp';
  return source ?? 'png';
}

async function rendered(svc: SignSvc, version: string, opts: TransformOptions, format: OutFormat): Promise<Buffer> {
  const key = createHash('sha1').update(`${transformKey(opts)}|${format}`).digest('hex');
  const cached = path.join(svc.blobs.renderDir(version), `${key}.${format}`);
  try {
    return await fsp.readFile(cached);
  } catch {
    // not rendered yet
  }
  let data: Buffer;
  try {
    const fit = opts.resize === 'contain' ? 'inside' : opts.resize === 'fill' ? 'fill' : 'cover';
    let img = sharp(svc.blobs.objectPath(version), { animated: false }).rotate();
    if (opts.width || opts.height) {
      img = img.resize({ width: opts.width, height: opts.height, fit, withoutEnlargement: true });
    }
    const quality = opts.quality ?? 80;
    img = format === 'png' || format === 'gif' || format === 'tiff' ? img.toFormat(format) : img.toFormat(format, { quality });
    data = await img.toBuffer();
  } catch {
    throw new StorageError(400, 'InvalidRequest', 'The source image is invalid or unsupported for rendering');
  }
  await fsp.mkdir(path.dirname(cached), { recursive: true });
  const tmp = `${cached}.${randomUUID()}.tmp`;
  await fsp.writeFile(tmp, data);
  await fsp.rename(tmp, cached);
  return data;
}
