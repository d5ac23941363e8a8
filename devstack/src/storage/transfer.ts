/**
 * POST /object/move and /object/copy. Move renames the row (the UPDATE policy must allow the old
 * row and the new one); bytes stay where they are because they are keyed by version, not name.
 * Copy reads the source as the caller (SELECT policy) and inserts the destination as the caller
 * (INSERT policy, or upsert with x-upsert), with its own copy of the bytes.
 */
import { randomUUID } from 'node:crypto';
import type { HttpContext } from '../core/types.js';
import { errors } from './errors.js';
import { callerClaims, readJson, requestInfo, sendJson, str } from './http.js';
import { isUuid, mustBeValidKey } from './keys.js';
import type { Svc } from './objects.js';
import { findBucket, findObject } from './store.js';
import { asUser } from './tx.js';

interface TransferBody {
  bucketId: string;
  sourceKey: string;
  destinationKey: string;
  destinationBucket?: string;
  copyMetadata?: boolean;
  metadata?: { cacheControl?: string; mimetype?: string };
}

async function parse(ctx: HttpContext): Promise<TransferBody> {
  const body = await readJson<Record<string, unknown>>(ctx);
  for (const field of ['bucketId', 'sourceKey', 'destinationKey']) {
    if (typeof body[field] !== 'string') throw errors.invalidRequest(`body must have required property '${field}'`);
  }
  const t = body as unknown as TransferBody;
  mustBeValidKey(t.sourceKey);
  mustBeValidKey(t.destinationKey);
  return { ...t, destinationBucket: str(body.destinationBucket) || t.bucketId };
}

export async function moveObject(svc: Svc, ctx: HttpContext): Promise<void> {
  const claims = await callerClaims(ctx);
  const t = await parse(ctx);
  const dest = t.destinationBucket as string;
  if (dest !== t.bucketId) await findBucket(svc.ctx, dest);
  const owner = claims.sub;
  const moved = await asUser(svc.ctx, claims, { operation: 'object.move', request: requestInfo(ctx) }, async (q) => {
    await findObject(q, t.bucketId, t.sourceKey);
    const { rows } = await q(
      `update storage.objects set name = $3, bucket_id = $4, owner = $5, owner_id = $6, last_accessed_at = now()
       where bucket_id = $1 and name = $2 returning id, name`,
      [t.bucketId, t.sourceKey, t.destinationKey, dest, isUuid(owner) ? owner : null, owner ?? null],
    );
    if (!rows[0]) throw errors.noSuchKey();
    return rows[0] as { id: string; name: string };
  });
  sendJson(ctx, 200, { message: 'Successfully moved', Id: moved.id, Key: moved.name });
}

export async function copyObject(svc: Svc, ctx: HttpContext): Promise<void> {
  const claims = await callerClaims(ctx);
  const t = await parse(ctx);
  const dest = t.destinationBucket as string;
  await findBucket(svc.ctx, dest);
  const upsert = ctx.req.headers['x-upsert'] === 'true';
  const owner = claims.sub;
  const version = randomUUID();
  let replaced: string | null = null;
  try {
    const row = await asUser(svc.ctx, claims, { operation: 'object.copy', request: requestInfo(ctx) }, async (q) => {
      const src = await findObject(q, t.bucketId, t.sourceKey);
      if (!src.version || !(await svc.blobs.exists(src.version))) throw errors.noSuchKey();
      const metadata: Record<string, unknown> = { ...(src.metadata ?? {}), lastModified: new Date().toISOString() };
      if (t.copyMetadata === false && t.metadata) {
        if (t.metadata.cacheControl !== undefined) metadata.cacheControl = t.metadata.cacheControl;
        if (t.metadata.mimetype !== undefined) metadata.mimetype = t.metadata.mimetype;
      }
      if (upsert) {
        const prev = await q('select version from storage.objects where bucket_id = $1 and name = $2', [dest, t.destinationKey]);
        replaced = (prev.rows[0]?.version as string | null | undefined) ?? null;
      }
      let id: string = randomUUID();
      const values = [id, dest, t.destinationKey, isUuid(owner) ? owner : null, owner ?? null, metadata, src.user_metadata, version];
      const insert = `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
                      values ($1, $2, $3, $4, $5, $6, $7, $8)`;
      try {
        if (upsert) {
          // An overwritten destination keeps its id; RETURNING tells which one it is.
          const { rows } = await q(
            `${insert} on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
             metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version
             returning id`,
            values,
          );
          id = rows[0].id as string;
        } else {
          await q(insert, values);
        }
      } catch (e) {
        if ((e as { code?: string }).code === '23505') throw errors.keyAlreadyExists();
        throw e;
      }
      await svc.blobs.copy(src.version, version);
      return { id, bucket_id: dest, name: t.destinationKey, version, metadata, user_metadata: src.user_metadata };
    });
    if (replaced && replaced !== version) await svc.blobs.remove(replaced);
    sendJson(ctx, 200, { Id: row.id, Key: `${dest}/${t.destinationKey}`, ...row });
  } catch (e) {
    await svc.blobs.remove(version);
    throw e;
  }
}
