/**
 * Object rows + bytes together. Each write generates a fresh version (the key of its bytes on
 * disk), renames the received temp file into place inside the transaction and removes replaced
 * bytes only after commit, so a rolled-back request leaves neither a row nor a file.
 */
import { randomUUID } from 'node:crypto';
import type { Claims, DevstackContext, RequestInfo } from '../core/types.js';
import type { BlobStore } from './blobs.js';
import { errors } from './errors.js';
import { isUuid } from './keys.js';
import type { ReceivedFile } from './receive.js';
import { adminQuery, asSuperUser, asUser, type Query } from './tx.js';

export interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

export const OBJECT_COLUMNS = 'id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

/** Bucket lookups run as the storage admin, as storage-api does (limits, public flag). */
export async function findBucket(svc: DevstackContext, id: string): Promise<BucketRow> {
  const { rows } = await adminQuery(
    svc,
    'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [id],
  );
  if (!rows[0]) throw errors.noSuchBucket();
  return rows[0] as BucketRow;
}

export async function findObject(query: Query, bucketId: string, name: string): Promise<ObjectRow> {
  const { rows } = await query(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2 limit 1`, [
    bucketId,
    name,
  ]);
  if (!rows[0]) throw errors.noSuchKey();
  return rows[0] as ObjectRow;
}

export function objectMetadata(file: Pick<ReceivedFile, 'eTag' | 'size' | 'mimetype' | 'cacheControl'>): Record<string, unknown> {
  return {
    eTag: file.eTag,
    size: file.size,
    mimetype: file.mimetype,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: file.size,
    httpStatusCode: 200,
  };
}

export interface WriteRequest {
  bucketId: string;
  name: string;
  owner?: string;
  upsert: boolean;
  file: ReceivedFile;
  /** The caller's claims, or 'superuser' for signed uploads (the token was the permission). */
  as: Claims | 'superuser';
  request?: RequestInfo;
}

/** Inserts (or upserts) the row and commits the bytes; returns the object id. */
export async function writeObject(svc: DevstackContext, blobs: BlobStore, w: WriteRequest): Promise<string> {
  const version = randomUUID();
  const metadata = objectMetadata(w.file);
  const owner = isUuid(w.owner) ? w.owner : null;
  let replaced: string | null = null;
  const run = async (query: Query): Promise<string> => {
    let id: string;
    if (!w.upsert) {
      // No RETURNING: with RLS it would also demand a SELECT policy, which hosted uploads don't.
      id = randomUUID();
      try {
        await query(
          `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [id, w.bucketId, w.name, owner, w.owner ?? null, metadata, w.file.userMetadata ?? null, version],
        );
      } catch (e) {
        if ((e as { code?: string }).code === '23505') throw errors.keyAlreadyExists();
        throw e;
      }
    } else {
      const prev = await query('select version from storage.objects where bucket_id = $1 and name = $2', [w.bucketId, w.name]);
      replaced = (prev.rows[0]?.version as string | null | undefined) ?? null;
      const { rows } = await query(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (bucket_id, name) do update set
           owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
           user_metadata = excluded.user_metadata, version = excluded.version
         returning id`,
        [w.bucketId, w.name, owner, w.owner ?? null, metadata, w.file.userMetadata ?? null, version],
      );
      id = rows[0].id as string;
    }
    await blobs.commit(w.file.tempPath, version);
    return id;
  };
  try {
    const operation = w.upsert ? 'object.upsert' : 'object.upload';
    const id =
      w.as === 'superuser'
        ? await asSuperUser(svc, operation, run)
        : await asUser(svc, w.as, { operation, request: w.request }, run);
    if (replaced && replaced !== version) await blobs.remove(replaced);
    return id;
  } catch (e) {
    await blobs.removeTemp(w.file.tempPath);
    await blobs.remove(version);
    throw e;
  }
}
