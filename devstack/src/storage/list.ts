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

interface V2Row {
  id: string;
  name: string;
  updated_at: Date | string | null;
  created_at: Date | string | null;
  last_accessed_at: Date | string | null;
  metadata: Record<string, unknown> | null;
}

interface V2Entry {
  folder: boolean;
  name: string;
  /** The sort column's value ('' for a folder under a date sort: folders come first). */
  sort: string;
  row?: V2Row;
}

const V2_COLUMNS = new Set(['name', 'updated_at', 'created_at']);
const iso = (v: Date | string | null) => (v === null ? '' : v instanceof Date ? v.toISOString() : new Date(v).toISOString());

/** The position after which a page starts, opaque to the client (base64 JSON). */
const encodeCursor = (e: V2Entry) => Buffer.from(JSON.stringify({ s: e.sort, n: e.name, f: e.folder })).toString('base64url');
function decodeCursor(raw: unknown): V2Entry | null {
  if (typeof raw !== 'string' || raw === '') return null;
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { s?: unknown; n?: unknown; f?: unknown };
    if (typeof c.s === 'string' && typeof c.n === 'string') return { sort: c.s, name: c.n, folder: c.f === true };
  } catch {
    // fall through
  }
  throw errors.invalidRequest('body/cursor is invalid');
}

/**
 * POST /object/list-v2/:bucket — storage-api's cursor listing (storage-js `listV2`), as the caller:
 * `prefix` matches the start of the full key; with `with_delimiter` the keys are grouped at the
 * next '/' after the prefix into folders (`name` 'a/b/', `key` 'a/b'); objects carry their full key
 * as `name`. Sorted by name, updated_at or created_at (folders first for the dates), `limit`
 * entries a page (default and most 1000), `hasNext` and an opaque `nextCursor`.
 */
export async function listObjectsV2(svc: Svc, ctx: HttpContext, bucketId: string): Promise<void> {
  const claims = await callerClaims(ctx);
  const body = await readJson<Record<string, unknown>>(ctx);
  const prefix = typeof body.prefix === 'string' ? body.prefix : '';
  const delimiter = body.with_delimiter === true;
  const limit = body.limit === undefined ? 1000 : Number(body.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw errors.invalidRequest('body/limit must be between 1 and 1000');
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = typeof sortBy.column === 'string' ? sortBy.column : 'name';
  if (!V2_COLUMNS.has(column)) throw errors.invalidRequest('body/sortBy/column must be equal to one of the allowed values');
  const desc = typeof sortBy.order === 'string' && sortBy.order.toLowerCase() === 'desc';
  const after = decodeCursor(body.cursor);

  const rows = await asUser(svc.ctx, claims, { operation: 'object.list', request: requestInfo(ctx), readOnly: true }, async (q) =>
    (
      await q(`select id, name, updated_at, created_at, last_accessed_at, metadata from storage.objects where bucket_id = $1 and name like $2 escape '\\'`, [
        bucketId,
        startsWithPattern(prefix),
      ])
    ).rows as V2Row[],
  );

  const entries: V2Entry[] = [];
  const folders = new Set<string>();
  for (const row of rows) {
    const slash = delimiter ? row.name.indexOf('/', prefix.length) : -1;
    if (slash >= 0) {
      const name = row.name.slice(0, slash + 1);
      if (!folders.has(name)) {
        folders.add(name);
        entries.push({ folder: true, name, sort: column === 'name' ? name : '' });
      }
    } else {
      entries.push({ folder: false, name: row.name, sort: column === 'name' ? row.name : iso(row[column as 'updated_at' | 'created_at']), row });
    }
  }
  // Folders before objects under a date sort (they have no dates); then the column, then the name.
  const compare = (a: V2Entry, b: V2Entry) => {
    if (column !== 'name' && a.folder !== b.folder) return a.folder ? -1 : 1;
    const bySort = a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
    return desc ? -bySort : bySort;
  };
  entries.sort(compare);
  const start = after ? entries.findIndex((e) => compare(e, after) > 0) : 0;
  const page = start < 0 ? [] : entries.slice(start, start + limit);
  const hasNext = start >= 0 && start + limit < entries.length;
  sendJson(ctx, 200, {
    hasNext,
    folders: page.filter((e) => e.folder).map((e) => ({ name: e.name, key: e.name.replace(/\/$/, '') })),
    objects: page
      .filter((e) => !e.folder)
      .map((e) => ({ ...e.row!, name: e.name, key: e.name })),
    ...(hasNext ? { nextCursor: encodeCursor(page[page.length - 1]!) } : {}),
  });
}
