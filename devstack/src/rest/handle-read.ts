/** GET / HEAD /<table>: one read-only statement, Content-Range and 206/416 like PostgREST. */
import { buildReadSql, wrapRead } from './build-read.js';
import { pgrstError } from './errors.js';
import { parseRange } from './prefer.js';
import type { QueryParams } from './query-params.js';
import { planRead } from './read-plan.js';
import { contentRange, jsonHeaders, render, send } from './respond.js';
import { finalError, header, requireTable, runStatement, withCatalog, type RestRequest } from './request.js';
import { ident, Params, qualified } from './sql.js';

export interface TopRange {
  offset: number;
  limit?: number;
}

/** Intersects `limit`/`offset` parameters with the Range header, as PostgREST's ranges do. */
export function topLevelRange(q: QueryParams, rangeHeader: string | undefined): TopRange {
  const limit = q.limits.get('');
  if (limit !== undefined && limit < 0) {
    throw pgrstError(416, 'PGRST103', 'Requested range not satisfiable', 'Limit should be greater than or equal to zero.');
  }
  const fromParams = { offset: Math.max(0, q.offsets.get('') ?? 0), limit };
  const fromHeader = parseRange(rangeHeader);
  if (!fromHeader) return fromParams;
  const lower = Math.max(fromParams.offset, fromHeader.offset);
  const uppers = [fromParams, fromHeader]
    .filter((r) => r.limit !== undefined)
    .map((r) => r.offset + (r.limit as number) - 1);
  if (!uppers.length) return { offset: lower };
  return { offset: lower, limit: Math.max(0, Math.min(...uppers) - lower + 1) };
}

export async function handleRead(r: RestRequest, tableName: string, q: QueryParams): Promise<void> {
  const range = topLevelRange(q, header(r, 'range'));
  const withCount = r.prefs.count !== undefined;
  let row;
  try {
    row = await withCatalog(r, async (cat) => {
      const table = requireTable(cat, tableName);
      const node = planRead(cat, table, q);
      node.offset = range.offset;
      node.limit = range.limit;
      const p = new Params();
      const sql = buildReadSql(node, `${qualified(table.name)} AS ${ident(table.name)}`, ident(table.name), p);
      return runStatement(r, wrapRead(sql, withCount, r.accept.stripNulls), p.values, { readOnly: true });
    });
  } catch (e) {
    throw finalError(r, e);
  }
  const total = row.total === null ? null : Number(row.total);
  const page = Number(row.page);
  const lower = range.offset;
  const upper = lower + page - 1;
  if (total !== null && lower > total) {
    throw pgrstError(416, 'PGRST103', 'Requested range not satisfiable',
      `An offset of ${lower} was requested, but there are only ${total} rows.`, null,
      { 'Content-Range': contentRange(lower, upper, total) });
  }
  const status = total !== null && page < total ? 206 : 200;
  const body = render(r.accept, row.body ?? '[]', page);
  const headers = jsonHeaders(r.accept, {
    'Content-Range': contentRange(lower, upper, total),
    'Preference-Applied': withCount ? `count=${r.prefs.count}` : undefined,
  });
  send(r.http.res, status, headers, r.method === 'HEAD' ? undefined : body);
}
