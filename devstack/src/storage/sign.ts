/**
 * Signed URLs. Signing checks that the caller can see the object (SELECT policy) or could insert
 * it (INSERT policy, probed in a rolled-back transaction); the token is then the permission:
 * downloads and uploads through it run as the storage admin, exactly as storage-api does.
 */
import type { HttpContext } from '../core/types.js';
import { errors } from './errors.js';
import { bodyStream, callerClaims, readJson, requestInfo, sendJson } from './http.js';
import { isUuid, mustBeValidKey } from './keys.js';
import { maxFileSize } from './limits.js';
import type { Svc } from './objects.js';
import { receiveUpload } from './receive.js';
import { transformKey, type TransformOptions } from './render-options.js';
import { sendObject } from './send.js';
import { findBucket, findObject, writeObject } from './store.js';
import type { UrlSigner } from './tokens.js';
import { parseExpiresIn } from './tokens.js';
import { asSuperUser, asUser, Rollback } from './tx.js';

/** storage-api's default lifetime of a signed upload URL. */
const UPLOAD_URL_TTL = 2 * 60 * 60;

export interface SignSvc extends Svc {
  signer: UrlSigner;
}

export async function signUrl(svc: SignSvc, ctx: HttpContext, bucketId: string, name: string): Promise<void> {
  const claims = await callerClaims(ctx);
  mustBeValidKey(name);
  const body = await readJson<{ expiresIn: unknown; transform?: TransformOptions }>(ctx);
  const expiresIn = parseExpiresIn(body.expiresIn);
  await asUser(svc.ctx, claims, { operation: 'object.sign', request: requestInfo(ctx), readOnly: true }, (q) =>
    findObject(q, bucketId, name),
  );
  const url = `${bucketId}/${name}`;
  const transformations = body.transform && Object.keys(body.transform).length > 0 ? transformKey(body.transform) : '';
  const payload: Record<string, unknown> = { url, scope: 'download' };
  if (transformations) payload.transformations = transformations;
  const token = await svc.signer.sign(payload, expiresIn);
  const base = transformations ? 'render/image' : 'object';
  sendJson(ctx, 200, { signedURL: `/${base}/sign/${url}?token=${token}` });
}

export async function signUrls(svc: SignSvc, ctx: HttpContext, bucketId: string): Promise<void> {
  const claims = await callerClaims(ctx);
  const body = await readJson<{ expiresIn: unknown; paths: unknown }>(ctx);
  const expiresIn = parseExpiresIn(body.expiresIn);
  const paths = body.paths;
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string')) {
    throw errors.invalidRequest("body must have required property 'paths'");
  }
  const visible = await asUser(svc.ctx, claims, { operation: 'object.sign_many', request: requestInfo(ctx), readOnly: true }, async (q) =>
    new Set((await q('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucketId, paths])).rows.map((r) => r.name as string)),
  );
  const result = await Promise.all(
    (paths as string[]).map(async (path) => {
      if (!visible.has(path)) {
        return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
      }
      const url = `${bucketId}/${path}`;
      const token = await svc.signer.sign({ url, scope: 'download' }, expiresIn);
      return { error: null, path, signedURL: `/object/sign/${url}?token=${token}` };
    }),
  );
  sendJson(ctx, 200, result);
}

/** GET /object/sign/:bucket/<name>?token= — no Authorization needed, the token decides. */
export async function downloadSigned(svc: SignSvc, ctx: HttpContext, bucketId: string, name: string): Promise<void> {
  const token = await svc.signer.verify(ctx.url.searchParams.get('token'), 'download', `${bucketId}/${name}`);
  const obj = await asSuperUser(svc.ctx, 'object.get_signed', (q) => findObject(q, bucketId, name));
  await sendObject(ctx, svc.blobs, obj, { download: ctx.url.searchParams.get('download'), expires: new Date(token.exp * 1000) });
}

export async function signUploadUrl(svc: SignSvc, ctx: HttpContext, bucketId: string, name: string): Promise<void> {
  const claims = await callerClaims(ctx);
  mustBeValidKey(name);
  await findBucket(svc.ctx, bucketId);
  const upsert = ctx.req.headers['x-upsert'] === 'true';
  const owner = claims.sub;
  // Probe the INSERT (or upsert) policy with a throwaway row, then roll back.
  try {
    await asUser(svc.ctx, claims, { operation: 'object.sign_upload', request: requestInfo(ctx) }, async (q) => {
      const insert = `insert into storage.objects (bucket_id, name, owner, owner_id, version) values ($1, $2, $3, $4, 'probe')`;
      const values = [bucketId, name, isUuid(owner) ? owner : null, owner ?? null];
      try {
        await q(upsert ? `${insert} on conflict (bucket_id, name) do update set version = excluded.version` : insert, values);
      } catch (e) {
        if ((e as { code?: string }).code === '23505') throw errors.keyAlreadyExists();
        throw e;
      }
      throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  const url = `${bucketId}/${name}`;
  const token = await svc.signer.sign({ owner, url, upsert, scope: 'upload' }, UPLOAD_URL_TTL);
  sendJson(ctx, 200, { url: `/object/upload/sign/${url}?token=${token}`, token });
}

export async function uploadSigned(svc: SignSvc, ctx: HttpContext, bucketId: string, name: string): Promise<void> {
  mustBeValidKey(name);
  const token = await svc.signer.verify(ctx.url.searchParams.get('token'), 'upload', `${bucketId}/${name}`);
  const bucket = await findBucket(svc.ctx, bucketId);
  const file = await receiveUpload({
    headers: ctx.req.headers,
    body: await bodyStream(ctx),
    maxSize: maxFileSize(bucket.file_size_limit, svc.ctx.config.storageFileSizeLimit),
    allowedMimeTypes: bucket.allowed_mime_types,
    blobs: svc.blobs,
  });
  await writeObject(svc.ctx, svc.blobs, { bucketId, name, owner: token.owner, upsert: token.upsert, file, as: 'superuser' });
  sendJson(ctx, 200, { Key: `${bucketId}/${name}` });
}
