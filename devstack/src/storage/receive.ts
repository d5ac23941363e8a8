/**
 * Reads an upload body into a temp file: a multipart form as storage-js sends it for a Blob/File
 * (fields cacheControl, contentType, metadata, then one file part) or a raw body (content-type,
 * cache-control and x-metadata headers). The size limit and the bucket's allowed mime types are
 * enforced while streaming, so a refused upload never reaches the objects folder.
 */
import busboy from 'busboy';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { IncomingHttpHeaders } from 'node:http';
import type { BlobStore } from './blobs.js';
import { errors } from './errors.js';
import { mustBeAllowedMimeType } from './limits.js';

export interface ReceivedFile {
  tempPath: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  eTag: string;
  userMetadata?: Record<string, unknown>;
}

export interface ReceiveOptions {
  headers: IncomingHttpHeaders;
  body: Readable;
  maxSize: number;
  allowedMimeTypes: string[] | null | undefined;
  blobs: BlobStore;
}

export async function receiveUpload(opts: ReceiveOptions): Promise<ReceivedFile> {
  const contentType = String(opts.headers['content-type'] ?? '');
  return contentType.toLowerCase().startsWith('multipart/form-data')
    ? receiveMultipart(opts)
    : receiveRaw(opts, contentType);
}

async function receiveRaw(opts: ReceiveOptions, contentType: string): Promise<ReceivedFile> {
  const mimetype = contentType || 'application/octet-stream';
  mustBeAllowedMimeType(mimetype, opts.allowedMimeTypes);
  const declared = Number(opts.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.maxSize) throw errors.entityTooLarge();
  const cacheControl = headerString(opts.headers['cache-control']) ?? 'no-cache';
  const userMetadata = parseBase64Json(headerString(opts.headers['x-metadata']));
  const written = await writeLimited(opts.body, opts);
  return { ...written, mimetype, cacheControl, userMetadata };
}

function receiveMultipart(opts: ReceiveOptions): Promise<ReceivedFile> {
  return new Promise<ReceivedFile>((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      // busboy flags a file that reaches fileSize as truncated; one more byte lets exactly maxSize through
      // and our own count below refuses anything larger.
      bb = busboy({ headers: opts.headers, limits: { files: 1, fields: 10, fileSize: opts.maxSize + 1 } });
    } catch {
      reject(errors.noContent());
      return;
    }
    const fields: Record<string, string> = {};
    let filePromise: Promise<ReceivedFile> | undefined;
    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (_name, stream, info) => {
      if (filePromise) {
        stream.resume();
        return;
      }
      filePromise = (async () => {
        const mimetype = fields.contentType || info.mimeType || 'application/octet-stream';
        try {
          mustBeAllowedMimeType(mimetype, opts.allowedMimeTypes);
        } catch (e) {
          stream.resume();
          throw e;
        }
        const written = await writeLimited(stream, opts, () => (stream as { truncated?: boolean }).truncated === true);
        const cacheControl = fields.cacheControl ? `max-age=${fields.cacheControl}` : 'no-cache';
        const custom = fields.metadata ?? fields.userMetadata;
        return { ...written, mimetype, cacheControl, userMetadata: parseJson(custom) };
      })();
      // Avoid an unhandled rejection before 'close' picks the promise up.
      filePromise.catch(() => undefined);
    });
    bb.on('error', () => reject(errors.noContent()));
    bb.on('close', () => {
      if (!filePromise) reject(errors.noContent());
      else filePromise.then(resolve, reject);
    });
    opts.body.on('error', () => reject(errors.noContent()));
    opts.body.pipe(bb);
  });
}

/** Streams into a temp file with an md5; past maxSize the bytes are discarded and 413 thrown. */
async function writeLimited(
  source: Readable,
  opts: ReceiveOptions,
  truncated: () => boolean = () => false,
): Promise<{ tempPath: string; size: number; eTag: string }> {
  const tempPath = await opts.blobs.newTempPath();
  const md5 = createHash('md5');
  let size = 0;
  let tooLarge = false;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (tooLarge) return done();
      size += chunk.length;
      if (size > opts.maxSize) {
        // Keep reading (and dropping) so the client gets our answer instead of a reset socket.
        tooLarge = true;
        return done();
      }
      md5.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, fs.createWriteStream(tempPath));
  } catch {
    await opts.blobs.removeTemp(tempPath);
    throw errors.noContent();
  }
  if (tooLarge || truncated()) {
    await opts.blobs.removeTemp(tempPath);
    throw errors.entityTooLarge();
  }
  return { tempPath, size, eTag: `"${md5.digest('hex')}"` };
}

function headerString(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function parseJson(v: string | undefined): Record<string, unknown> | undefined {
  if (!v) return undefined;
  try {
    const parsed: unknown = JSON.parse(v);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function parseBase64Json(v: string | undefined): Record<string, unknown> | undefined {
  return v ? parseJson(Buffer.from(v, 'base64').toString('utf8')) : undefined;
}
