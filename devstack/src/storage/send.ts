/** Sends an object's bytes (or only its headers) with the headers storage-api's asset renderer sets. */
import { pipeline } from 'node:stream/promises';
import type { HttpContext } from '../core/types.js';
import type { BlobStore } from './blobs.js';
import { errors, StorageError } from './errors.js';
import type { ObjectRow } from './store.js';

export interface SendOptions {
  /** `?download=` value: '' → attachment, a name → attachment with that filename. */
  download?: string | null;
  /** Signed URLs send Expires instead of Cache-Control. */
  expires?: Date;
  headOnly?: boolean;
}

/** storage-api answers a missing blob with this body (HTTP 400, logical 404). */
function resourceNotFound(): StorageError {
  const e = new StorageError(404, 'NoSuchKey', 'The resource was not found', 'Not found');
  e.headers['cache-control'] = 'no-store';
  return e;
}

export async function sendObject(ctx: HttpContext, blobs: BlobStore, obj: ObjectRow, opts: SendOptions = {}): Promise<void> {
  if (!obj.version || !(await blobs.exists(obj.version))) throw resourceNotFound();
  const meta = obj.metadata ?? {};
  const size = Number(meta.size ?? 0);
  const eTag = typeof meta.eTag === 'string' ? meta.eTag : undefined;
  const res = ctx.res;

  const rangeHeader = opts.headOnly ? undefined : ctx.req.headers.range;
  const range = rangeHeader ? parseRange(rangeHeader, size) : undefined;
  if (rangeHeader && !range) throw errors.invalidRange();

  setAssetHeaders(ctx, obj, opts);
  if (eTag && ctx.req.headers['if-none-match'] === eTag) {
    res.statusCode = 304;
    res.end();
    return;
  }

  if (range) {
    res.statusCode = 206;
    res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    res.setHeader('Content-Length', range.end - range.start + 1);
  } else {
    res.statusCode = 200;
    res.setHeader('Content-Length', size);
  }
  if (opts.headOnly || ctx.req.method === 'HEAD') {
    res.end();
    return;
  }
  await pipeline(blobs.createReadStream(obj.version, range), res);
}

export function setAssetHeaders(ctx: HttpContext, obj: ObjectRow, opts: SendOptions): void {
  const meta = obj.metadata ?? {};
  const res = ctx.res;
  const mimetype = typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream';
  // Like storage-api: never serve stored HTML as HTML from the API origin.
  res.setHeader('Content-Type', mimetype.includes('text/html') ? 'text/plain' : mimetype);
  res.setHeader('Accept-Ranges', 'bytes');
  if (typeof meta.eTag === 'string') res.setHeader('ETag', meta.eTag);
  res.setHeader('X-Robots-Tag', 'none');
  const lastModified = new Date(String(meta.lastModified ?? obj.updated_at));
  if (!Number.isNaN(lastModified.getTime())) res.setHeader('Last-Modified', lastModified.toUTCString());
  if (opts.expires) res.setHeader('Expires', opts.expires.toUTCString());
  else if (typeof meta.cacheControl === 'string' && meta.cacheControl) res.setHeader('Cache-Control', meta.cacheControl);
  if (opts.download !== undefined && opts.download !== null) {
    if (opts.download === '') res.setHeader('Content-Disposition', 'attachment;');
    else {
      const name = encodeURIComponent(opts.download);
      res.setHeader('Content-Disposition', `attachment; filename=${name}; filename*=UTF-8''${name}`);
    }
  }
}

/** A single `bytes=a-b` / `bytes=a-` / `bytes=-n` range; anything else is refused. */
export function parseRange(header: string, size: number): { start: number; end: number } | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return undefined;
  return { start, end };
}
