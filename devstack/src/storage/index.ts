/**
 * Storage service: the storage-api (supabase/storage) subset storage-js v2 uses, mounted at
 * /storage/v1. Rows live in the `storage` schema (schema.sql, hosted shape) and every object
 * access runs as the caller so the project's RLS policies on storage.objects decide; bytes live
 * under `<dataDir>/storage/`, keyed by version.
 */
import { readFileSync } from 'node:fs';
import type { DevstackContext, HttpContext, Service, ServiceFactory } from '../core/types.js';
import { BlobStore } from './blobs.js';
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from './buckets.js';
import { routeNotFound } from './errors.js';
import { listObjects, listObjectsV2 } from './list.js';
import { deleteObject, deleteObjects, downloadObject, headObject, objectInfo, uploadObject } from './objects.js';
import { renderImage } from './render.js';
import { matchRoute } from './routes.js';
import { downloadSigned, signUploadUrl, signUrl, signUrls, uploadSigned, type SignSvc } from './sign.js';
import { UrlSigner } from './tokens.js';
import { copyObject, moveObject } from './transfer.js';

const PREFIX = '/storage/v1';
const schemaSql = readFileSync(new URL('./schema.sql', import.meta.url), 'utf8');

export const createStorageService: ServiceFactory = (ctx: DevstackContext): Service => {
  const svc: SignSvc = {
    ctx,
    blobs: new BlobStore(ctx.dataPath('storage')),
    signer: new UrlSigner(ctx.config.jwtSecret),
  };
  return {
    name: 'storage',
    prefix: PREFIX,
    schemaSql: [schemaSql],
    handle: (http) => handle(svc, http),
  };
};

/** The still-encoded path below the prefix (ctx.path may already be decoded). */
function rawPath(http: HttpContext): string {
  const p = http.url.pathname;
  return p.startsWith(PREFIX) ? p.slice(PREFIX.length) || '/' : http.path;
}

async function handle(svc: SignSvc, http: HttpContext): Promise<void> {
  const method = http.req.method ?? 'GET';
  const route = matchRoute(method, rawPath(http));
  if (!route) throw routeNotFound(method, http.req.url ?? http.url.pathname);
  switch (route.kind) {
    case 'bucket.list':
      return listBuckets(svc.ctx, http);
    case 'bucket.create':
      return createBucket(svc.ctx, http);
    case 'bucket.get':
      return getBucket(svc.ctx, http, route.bucket);
    case 'bucket.update':
      return updateBucket(svc.ctx, http, route.bucket);
    case 'bucket.delete':
      return deleteBucket(svc.ctx, http, route.bucket);
    case 'bucket.empty':
      return emptyBucket(svc.ctx, http, route.bucket, svc.blobs);
    case 'object.list':
      return listObjects(svc, http, route.bucket);
    case 'object.listV2':
      return listObjectsV2(svc, http, route.bucket);
    case 'object.deleteMany':
      return deleteObjects(svc, http, route.bucket);
    case 'object.signMany':
      return signUrls(svc, http, route.bucket);
    case 'object.move':
      return moveObject(svc, http);
    case 'object.copy':
      return copyObject(svc, http);
    case 'object.upload':
      return uploadObject(svc, http, route.bucket, route.name, 'POST');
    case 'object.update':
      return uploadObject(svc, http, route.bucket, route.name, 'PUT');
    case 'object.get':
      return downloadObject(svc, http, route.bucket, route.name, 'lenient');
    case 'object.getAuthenticated':
      return downloadObject(svc, http, route.bucket, route.name, 'authenticated');
    case 'object.getPublic':
      return downloadObject(svc, http, route.bucket, route.name, 'public');
    case 'object.head':
      return headObject(svc, http, route.bucket, route.name, false);
    case 'object.headPublic':
      return headObject(svc, http, route.bucket, route.name, true);
    case 'object.info':
      return objectInfo(svc, http, route.bucket, route.name, false);
    case 'object.infoPublic':
      return objectInfo(svc, http, route.bucket, route.name, true);
    case 'object.delete':
      return deleteObject(svc, http, route.bucket, route.name);
    case 'object.sign':
      return signUrl(svc, http, route.bucket, route.name);
    case 'object.getSigned':
      return downloadSigned(svc, http, route.bucket, route.name);
    case 'object.signUpload':
      return signUploadUrl(svc, http, route.bucket, route.name);
    case 'object.uploadSigned':
      return uploadSigned(svc, http, route.bucket, route.name);
    case 'render':
      return renderImage(svc, http, route.mode, route.bucket, route.name);
  }
}
