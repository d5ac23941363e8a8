/**
 * POST /object/list/:bucket — storage-api's `storage.search` semantics, evaluated as the caller
 * (so only rows the SELECT policy shows are listed):
 * - `prefix` is a folder ('' = root; a missing trailing '/' is added);
 * - `search` filters entries whose name (relative to the prefix) starts with it, case-insensitive;
 * - entries are folders (next path segment, all other fields null) and files (name relative to
 *   the prefix); sorting by name mixes both by lower(name), other columns list folders first.
 */
import type { HttpContext } from '../core/types.js';
import { errors } from './errors.js';
import { callerClaims, readJson, requestInfo, sendJson } from './http.js';
import type { Svc } from './objects.js';
import { asUser } from './tx.js';

const SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

export interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  search: string;
  column: string;
  order: 'asc' | 'desc';
}

export function parseListBody(body: Record<string, unknown>): ListOptions {
  if (typeof body.prefix !== 'string') throw errors.invalidRequest("body must have required property 'prefix'");
  let prefix = body.prefix;
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix += '/';
  const limit = body.limit === undefined ? 100 : Number(body.limit);
  const offset = body.offset === undefined ? 0 : Number(body.offset);
  if (!Number.isInteger(limit) || limit < 1) throw errors.invalidRequest('body/limit must be >= 1');
  if (!Number.isInteger(offset) || offset < 0) throw errors.invalidRequest('body/offset must be >= 0');
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = typeof sortBy.column === 'string' ? sortBy.column : 'name';
  if (!SORT_COLUMNS.has(column)) throw errors.invalidRequest('body/sortBy/column must be equal to one of the allowed values');
  const order = typeof sortBy.order === 'string' && sortBy.order.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const search = typeof body.search === 'string' ? body.search : '';
  return { prefix, limit: Math.min(limit, 1500), offset, search, column, order };
}

/** LIKE pattern matching "starts with `s`" literally. */
export function startsWithPattern(s: string): string {
  return `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function listSql(o: ListOptions): string {
  // column and order come from the whitelists above: identifiers, never user values.
  const fileOrder = o.column === 'name' ? `lower(name) collate "C" ${o.order}` : `"${o.column}" ${o.order} nulls last, name`;
  const entryOrder =
    o.column === 'name'
      ? `lower(name) collate "C" ${o.order}, is_folder desc`
      : `is_folder desc, case when is_folder then lower(name) collate "C" end ${o.order}, ${fileOrder}`;
  return `
    with matched as (
      select substr(o.name, char_length($2::text) + 1) as rel, o.*
      from storage.objects o
      where o.bucket_id = $1 and lower(o.name) like lower($3) escape '\\'
    ), entries as (
      select distinct on (lower(split_part(rel, '/', 1)))
             split_part(rel, '/', 1) as name, true as is_folder, null::uuid as id,
             null::timestamptz as updated_at, null::timestamptz as created_at,
             null::timestamptz as last_accessed_at, null::jsonb as metadata
      from matched where strpos(rel, '/') > 0
      union all
      select rel, false, id, updated_at, created_at, last_accessed_at, metadata
      from matched where strpos(rel, '/') = 0
    )
    select name, id, updated_at, created_at, last_accessed_at, metadata
    from entries order by ${entryOrder}
    limit $4 offset $5`;
}

export async function listObjects(svc: Svc, ctx: HttpContext, bucketId: string): Promise<void> {
  const claims = await callerClaims(ctx);
  const o = parseListBody(await readJson<Record<string, unknown>>(ctx));
  const rows = await asUser(svc.ctx, claims, { operation: 'object.list', request: requestInfo(ctx), readOnly: true }, async (q) =>
    (await q(listSql(o), [bucketId, o.prefix, startsWithPattern(o.prefix + o.search), o.limit, o.offset])).rows,
  );
  sendJson(ctx, 200, rows);
}
