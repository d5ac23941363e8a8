/**
 * /bucket routes. Every query runs as the caller, so RLS on storage.buckets decides: with no
 * policies (as on hosted) only the service role can create, see or change buckets.
 */
import type { DevstackContext, HttpContext } from '../core/types.js';
import type { BlobStore } from './blobs.js';
import { errors } from './errors.js';
import { callerClaims, readJson, requestInfo, requireServiceRole, sendJson, str } from './http.js';
import { isUuid, mustBeValidBucketName } from './keys.js';
import { parseFileSizeLimit, validateAllowedMimeTypes } from './limits.js';
import { adminQuery, asSuperUser, asUser } from './tx.js';

const COLUMNS = 'id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at';

/** A bucket as storage-api answers it: file_size_limit (bigint, which pg hands over as text) as a number. */
const bucketJson = (row: Record<string, unknown>) => ({ ...row, file_size_limit: row.file_size_limit === null || row.file_size_limit === undefined ? null : Number(row.file_size_limit) });
const SORTABLE = new Set(['id', 'name', 'created_at', 'updated_at']);

export async function listBuckets(svc: DevstackContext, ctx: HttpContext): Promise<void> {
  const claims = await callerClaims(ctx);
  const q = ctx.url.searchParams;
  const limit = intParam(q.get('limit'), 1);
  const offset = intParam(q.get('offset'), 0);
  const sortColumn = q.get('sortColumn') ?? 'name';
  if (!SORTABLE.has(sortColumn)) throw errors.invalidRequest('querystring/sortColumn must be equal to one of the allowed values');
  const order = q.get('sortOrder') === 'desc' ? 'desc' : 'asc';
  const search = q.get('search');
  const rows = await asUser(svc, claims, { operation: 'bucket.list', request: requestInfo(ctx), readOnly: true }, async (query) => {
    const values: unknown[] = [];
    let where = '';
    if (search) {
      values.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where = `where name ilike $${values.length}`;
    }
    values.push(limit ?? null, offset ?? 0);
    // sortColumn is checked against SORTABLE above; it is an identifier, never a value.
    return (
      await query(
        `select ${COLUMNS}, type from storage.buckets ${where} order by "${sortColumn}" ${order}
         limit $${values.length - 1} offset $${values.length}`,
        values,
      )
    ).rows;
  });
  sendJson(ctx, 200, rows.map(bucketJson));
}

export async function getBucket(svc: DevstackContext, ctx: HttpContext, id: string): Promise<void> {
  const claims = await callerClaims(ctx);
  const row = await asUser(svc, claims, { operation: 'bucket.get', request: requestInfo(ctx), readOnly: true }, async (query) =>
    // storage-api's getBucket answers without the bucket's type (listBuckets includes it)
    (await query(`select ${COLUMNS} from storage.buckets where id = $1`, [id])).rows[0],
  );
  if (!row) throw errors.noSuchBucket();
  sendJson(ctx, 200, bucketJson(row));
}

export async function createBucket(svc: DevstackContext, ctx: HttpContext): Promise<void> {
  const claims = await callerClaims(ctx);
  const body = await readJson<Record<string, unknown>>(ctx);
  const name = str(body.name);
  if (name === undefined) throw errors.invalidRequest("body must have required property 'name'");
  mustBeValidBucketName(name);
  const id = str(body.id) || name;
  mustBeValidBucketName(id);
  const fileSizeLimit = parseFileSizeLimit(body.file_size_limit);
  const mimeTypes = validateAllowedMimeTypes(body.allowed_mime_types);
  const owner = claims.sub;
  await asUser(svc, claims, { operation: 'bucket.create', request: requestInfo(ctx) }, async (query) => {
    try {
      await query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [id, name, isUuid(owner) ? owner : null, owner ?? null, body.public === true, fileSizeLimit ?? null, mimeTypes ?? null],
      );
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw errors.bucketAlreadyExists();
      throw e;
    }
  });
  sendJson(ctx, 200, { name });
}

export async function updateBucket(svc: DevstackContext, ctx: HttpContext, id: string): Promise<void> {
  const claims = await callerClaims(ctx);
  mustBeValidBucketName(id);
  const body = await readJson<Record<string, unknown>>(ctx);
  const sets: string[] = [];
  const values: unknown[] = [];
  if (typeof body.public === 'boolean') {
    values.push(body.public);
    sets.push(`public = $${values.length}`);
  }
  if ('file_size_limit' in body) {
    values.push(parseFileSizeLimit(body.file_size_limit) ?? null);
    sets.push(`file_size_limit = $${values.length}`);
  }
  if ('allowed_mime_types' in body) {
    values.push(validateAllowedMimeTypes(body.allowed_mime_types) ?? null);
    sets.push(`allowed_mime_types = $${values.length}`);
  }
  if (sets.length === 0) throw errors.noContent();
  values.push(id);
  const count = await asUser(svc, claims, { operation: 'bucket.update', request: requestInfo(ctx) }, async (query) =>
    (await query(`update storage.buckets set ${sets.join(', ')}, updated_at = now() where id = $${values.length}`, values)).rowCount,
  );
  if (!count) throw errors.noSuchBucket();
  sendJson(ctx, 200, { message: 'Successfully updated' });
}

export async function deleteBucket(svc: DevstackContext, ctx: HttpContext, id: string): Promise<void> {
  const claims = await callerClaims(ctx);
  const exists = await adminQuery(svc, 'select 1 from storage.buckets where id = $1', [id]);
  if (!exists.rowCount) throw errors.noSuchBucket();
  const objects = await adminQuery(svc, 'select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
  if (objects.rowCount) throw errors.bucketNotEmpty();
  const count = await asUser(svc, claims, { operation: 'bucket.delete', request: requestInfo(ctx) }, async (query) =>
    (await query('delete from storage.buckets where id = $1', [id])).rowCount,
  );
  if (!count) throw errors.noSuchBucket();
  sendJson(ctx, 200, { message: 'Successfully deleted' });
}

/** storage-api queues this; here it runs at once (bytes removed after the commit). */
export async function emptyBucket(svc: DevstackContext, ctx: HttpContext, id: string, blobs: BlobStore): Promise<void> {
  const claims = await callerClaims(ctx);
  requireServiceRole(claims);
  const exists = await adminQuery(svc, 'select 1 from storage.buckets where id = $1', [id]);
  if (!exists.rowCount) throw errors.noSuchBucket();
  const removed = await asSuperUser(svc, 'bucket.empty', async (query) =>
    (await query('delete from storage.objects where bucket_id = $1 returning version', [id])).rows as { version: string | null }[],
  );
  await Promise.all(removed.map((r) => blobs.remove(r.version)));
  sendJson(ctx, 200, { message: 'Empty bucket has been queued. Completion may take up to an hour.' });
}

function intParam(v: string | null, min: number): number | undefined {
  if (v === null || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw errors.invalidRequest(`querystring must be integer >= ${min}`);
  return n;
}
