/** Object routes: upload/update, download (authenticated, public), info/HEAD and delete. */
import type { Claims, DevstackContext, HttpContext } from '../core/types.js';
import type { BlobStore } from './blobs.js';
import { errors } from './errors.js';
import { bodyStream, callerClaims, readJson, requestInfo, sendJson } from './http.js';
import { mustBeValidKey } from './keys.js';
import { maxFileSize } from './limits.js';
import { receiveUpload } from './receive.js';
import { sendObject } from './send.js';
import { findBucket, findObject, type ObjectRow, writeObject } from './store.js';
import { asSuperUser, asUser } from './tx.js';

export interface Svc {
  ctx: DevstackContext;
  blobs: BlobStore;
}

/** POST (create; x-upsert: true overwrites) and PUT (update = upsert) /object/:bucket/<name>. */
export async function uploadObject(svc: Svc, ctx: HttpContext, bucketId: string, name: string, method: 'POST' | 'PUT'): Promise<void> {
  const claims = await callerClaims(ctx);
  mustBeValidKey(name);
  const bucket = await findBucket(svc.ctx, bucketId);
  const file = await receiveUpload({
    headers: ctx.req.headers,
    body: await bodyStream(ctx),
    maxSize: maxFileSize(bucket.file_size_limit, svc.ctx.config.storageFileSizeLimit),
    allowedMimeTypes: bucket.allowed_mime_types,
    blobs: svc.blobs,
  });
  const upsert = method === 'PUT' || ctx.req.headers['x-upsert'] === 'true';
  const id = await writeObject(svc.ctx, svc.blobs, {
    bucketId,
    name,
    owner: claims.sub,
    upsert,
    file,
    as: claims,
    request: requestInfo(ctx),
  });
  sendJson(ctx, 200, { Id: id, Key: `${bucketId}/${name}` });
}

/**
 * Reads an object row the way storage-api does: rows of public buckets as the storage admin,
 * rows of private buckets as the caller (the SELECT policy decides; hidden = not found).
 * `claims` null means an unauthenticated caller, who only reaches public buckets.
 */
export async function readObjectRow(
  svc: Svc,
  ctx: HttpContext,
  bucketId: string,
  name: string,
  publicOnly: boolean,
  claims?: Claims | null,
): Promise<ObjectRow> {
  mustBeValidKey(name);
  const bucket = await findBucket(svc.ctx, bucketId);
  if (bucket.public) return asSuperUser(svc.ctx, 'object.get', (q) => findObject(q, bucketId, name));
  if (publicOnly || claims === null) throw errors.noSuchBucket();
  const caller = claims ?? (await callerClaims(ctx));
  return asUser(svc.ctx, caller, { operation: 'object.get', request: requestInfo(ctx), readOnly: true }, (q) =>
    findObject(q, bucketId, name),
  );
}

/**
 * GET /object/authenticated/… refuses a bad token; the plain GET /object/… (what storage-js's
 * download() calls) treats it as no token, like storage-api's allowInvalidJwt routes.
 */
export async function downloadObject(
  svc: Svc,
  ctx: HttpContext,
  bucketId: string,
  name: string,
  mode: 'authenticated' | 'lenient' | 'public',
): Promise<void> {
  let claims: Claims | null | undefined;
  if (mode === 'authenticated') claims = await callerClaims(ctx);
  if (mode === 'lenient') claims = await callerClaims(ctx).catch(() => null);
  const obj = await readObjectRow(svc, ctx, bucketId, name, mode === 'public', claims);
  await sendObject(ctx, svc.blobs, obj, { download: ctx.url.searchParams.get('download') });
}

export async function headObject(svc: Svc, ctx: HttpContext, bucketId: string, name: string, publicOnly: boolean): Promise<void> {
  const obj = await readObjectRow(svc, ctx, bucketId, name, publicOnly);
  await sendObject(ctx, svc.blobs, obj, { headOnly: true });
}

/** GET /object/info/…: JSON description as storage-api's info renderer builds it. */
export async function objectInfo(svc: Svc, ctx: HttpContext, bucketId: string, name: string, publicOnly: boolean): Promise<void> {
  const obj = await readObjectRow(svc, ctx, bucketId, name, publicOnly);
  const meta = obj.metadata ?? {};
  if (typeof meta.eTag === 'string') ctx.res.setHeader('ETag', meta.eTag);
  if (typeof meta.cacheControl === 'string') ctx.res.setHeader('Cache-Control', meta.cacheControl);
  sendJson(ctx, 200, {
    id: obj.id,
    name: obj.name,
    version: obj.version,
    bucket_id: obj.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: obj.user_metadata ?? {},
    last_modified: obj.updated_at,
    created_at: obj.created_at,
  });
}

/** DELETE /object/:bucket {prefixes}: deletes what the DELETE policy allows, returns those rows. */
export async function deleteObjects(svc: Svc, ctx: HttpContext, bucketId: string): Promise<void> {
  const claims = await callerClaims(ctx);
  const body = await readJson<{ prefixes: unknown }>(ctx);
  const prefixes = body.prefixes;
  if (!Array.isArray(prefixes) || prefixes.length < 1 || !prefixes.every((p) => typeof p === 'string')) {
    throw errors.invalidRequest('body/prefixes must NOT have fewer than 1 items');
  }
  if (prefixes.length > 1000) throw errors.invalidRequest('Bulk object requests are limited to 1000 objects per request.');
  const rows = await asUser(svc.ctx, claims, { operation: 'object.delete_many', request: requestInfo(ctx) }, async (q) =>
    (await q('delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *', [bucketId, prefixes])).rows,
  );
  await Promise.all(rows.map((r) => svc.blobs.remove(r.version as string | null)));
  sendJson(ctx, 200, rows.map(({ path_tokens: _omit, ...row }) => row));
}

/** DELETE /object/:bucket/<name> (single); a row the policy hides is 'Object not found'. */
export async function deleteObject(svc: Svc, ctx: HttpContext, bucketId: string, name: string): Promise<void> {
  const claims = await callerClaims(ctx);
  mustBeValidKey(name);
  const rows = await asUser(svc.ctx, claims, { operation: 'object.delete', request: requestInfo(ctx) }, async (q) => {
    await findObject(q, bucketId, name);
    return (await q('delete from storage.objects where bucket_id = $1 and name = $2 returning version', [bucketId, name])).rows;
  });
  if (rows.length === 0) throw errors.accessDenied('Access denied');
  await svc.blobs.remove(rows[0].version as string | null);
  sendJson(ctx, 200, { message: 'Successfully deleted' });
}
