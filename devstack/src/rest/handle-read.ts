/** GET / HEAD /<table>: one read-only statement, Content-Range and 206/416 like PostgREST. */
import type pg from 'pg';
import { buildReadSql, wrapRead } from './build-read.js';
import { pgrstError } from './errors.js';
import { parseRange } from './prefer.js';
import type { QueryParams } from './query-params.js';
import { planRead } from './read-plan.js';
import { contentRange, jsonHeaders, render, send } from './respond.js';
import { explainStatement, finalError, header, requireTable, runStatement, withCatalog, type RestRequest } from './request.js';
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
  // count=planned is the planner's estimate (EXPLAIN), count=estimated the exact count unless it
  // exceeds db_max_rows, then the larger of the two, as PostgREST answers.
  const wantsPlan = r.prefs.count === 'planned' || r.prefs.count === 'estimated';
  const withCount = r.prefs.count === 'exact' || r.prefs.count === 'estimated';
  let estimate: number | null = null;
  let maxRows: number | undefined;
  let row;
  try {
    row = await withCatalog(r, async (cat) => {
      maxRows = cat.settings?.maxRows;
      const table = requireTable(cat, tableName);
      const source = `${qualified(table.schema, table.name)} AS ${ident(table.name)}`;
      const node = planRead(cat, table, q);
      let after;
      if (wantsPlan) {
        const whole = new Params();
        const plan = buildReadSql({ ...node, limit: undefined, offset: undefined }, source, ident(table.name), whole);
        after = async (client: pg.PoolClient) => {
          const { rows } = await client.query<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(`EXPLAIN (FORMAT JSON) ${plan.rows}`, whole.values);
          estimate = rows[0]?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? null;
        };
      }
      node.offset = range.offset;
      node.limit = range.limit;
      const p = new Params();
      const sql = buildReadSql(node, source, ident(table.name), p);
      const text = wrapRead(sql, withCount, r.accept);
      if (r.accept.media === 'plan') return explainStatement(r, text, p.values, true).then(() => null);
      return runStatement(r, text, p.values, { readOnly: true, after });
    });
  } catch (e) {
    throw finalError(r, e);
  }
  if (!row) return; // the plan was sent
  const exact = row.total === null ? null : Number(row.total);
  let total = exact;
  if (r.prefs.count === 'planned') total = estimate;
  else if (r.prefs.count === 'estimated' && exact !== null && estimate !== null && maxRows !== undefined && exact > maxRows) {
    total = Math.max(exact, estimate);
  }
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
    'Preference-Applied': r.prefs.count ? `count=${r.prefs.count}` : undefined,
  });
  send(r.http.res, status, headers, r.method === 'HEAD' ? undefined : body);
}
