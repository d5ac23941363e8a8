/**
 * POST /rpc/<fn> (JSON named arguments) and GET/HEAD /rpc/<fn>?arg=… (read-only). Scalar, setof
 * scalar, composite, setof composite / returns table (with select, filters, order, range) and void.
 */
import { buildReadSql, wrapRead } from './build-read.js';
import { callSql, findFunction, noFunctionError, resultTable, UnknownFunctionError } from './build-rpc.js';
import { pgrstError } from './errors.js';
import { topLevelRange } from './handle-read.js';
import type { QueryParams } from './query-params.js';
import { planRead } from './read-plan.js';
import { contentRange, jsonHeaders, render, send, type ResultRow } from './respond.js';
import { checkMaxAffected, finalError, header, runStatement, withCatalog, type RestRequest } from './request.js';
import { ident, Params } from './sql.js';

async function readArgs(r: RestRequest, q: QueryParams): Promise<Record<string, unknown>> {
  if (r.method !== 'POST') {
    return Object.fromEntries([...q.rpcArgs].map(([k, v]) => [k, v.length === 1 ? v[0] : v]));
  }
  const raw = (await r.http.body()).toString('utf8');
  if (raw.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw pgrstError(400, 'PGRST102', 'Empty or invalid json');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    if (r.prefs.params === 'single-object') return body as Record<string, unknown>;
    throw pgrstError(400, 'PGRST102', 'Empty or invalid json');
  }
  return body as Record<string, unknown>;
}

export async function handleRpc(r: RestRequest, fnName: string, q: QueryParams): Promise<void> {
  if (!['GET', 'HEAD', 'POST'].includes(r.method)) {
    throw pgrstError(405, 'PGRST101', `Cannot use the ${r.method} method on RPC`);
  }
  const args = await readArgs(r, q);
  const keys = Object.keys(args);
  const isPost = r.method === 'POST';
  const singleObjectPref = r.prefs.params === 'single-object';
  const range = topLevelRange(q, header(r, 'range'));
  const withCount = r.prefs.count !== undefined;
  let shape: { returnsVoid: boolean; set: boolean; scalar: boolean } = { returnsVoid: false, set: true, scalar: false };
  let row: ResultRow;
  try {
    row = await withCatalog(r, async (cat) => {
      let target;
      try {
        target = findFunction(cat, fnName, keys, { singleObjectPref, isPost });
      } catch (e) {
        if (e instanceof UnknownFunctionError) throw noFunctionError(cat, fnName, keys, { singleObjectPref, isPost });
        throw e;
      }
      const { fn } = target;
      if (!fn.retset && r.prefs.maxAffected !== undefined && r.prefs.handling === 'strict') {
        throw pgrstError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict');
      }
      shape = { returnsVoid: fn.returnsVoid, set: fn.retset, scalar: fn.scalarType !== undefined };
      const p = new Params();
      const { call, from } = callSql(target, args, p);
      const readOnly = !isPost || fn.volatility !== 'v';
      let text: string;
      if (fn.scalarType !== undefined) {
        // MATERIALIZED: the call runs exactly once even when its value is unused (void).
        const cte = `WITH pgrst_call AS MATERIALIZED (SELECT ${call} AS pgrst_scalar${from ? ` FROM ${from}` : ''})`;
        const body = fn.retset ? `coalesce(json_agg(pgrst_scalar), '[]')::text` : `(array_agg(to_json(pgrst_scalar)))[1]::text`;
        text = `${cte} SELECT ${withCount ? 'count(*)' : 'null::bigint'} AS total, count(*) AS page, ${body} AS body FROM pgrst_call`;
      } else {
        const table = resultTable(cat, fn);
        const node = planRead(cat, table, q);
        node.offset = range.offset;
        node.limit = range.limit;
        const alias = ident(table.name);
        const source = from ? `${from} CROSS JOIN LATERAL ${call} AS ${alias}` : `${call} AS ${alias}`;
        text = wrapRead(buildReadSql(node, source, alias, p), withCount, r.accept);
      }
      return runStatement(r, text, p.values, { readOnly, check: (res) => checkMaxAffected(r, Number(res.page)) });
    });
  } catch (e) {
    throw finalError(r, e);
  }
  respondRpc(r, row, shape, range.offset, withCount);
}

function respondRpc(
  r: RestRequest, row: ResultRow, shape: { returnsVoid: boolean; set: boolean; scalar: boolean }, lower: number, withCount: boolean,
): void {
  const page = Number(row.page);
  const total = row.total === null ? null : Number(row.total);
  const range = contentRange(lower, lower + page - 1, total);
  const applied = [
    r.prefs.params ? `params=${r.prefs.params}` : '', withCount ? `count=${r.prefs.count}` : '',
    r.txHonoured ? `tx=${r.prefs.tx}` : '',
    r.prefs.maxAffected !== undefined ? `max-affected=${r.prefs.maxAffected}` : '',
  ].filter(Boolean).join(', ');
  const extra = { 'Content-Range': range, 'Preference-Applied': applied || undefined };
  if (shape.returnsVoid) {
    const headers: Record<string, string> = { 'Content-Range': range };
    if (applied) headers['Preference-Applied'] = applied;
    return send(r.http.res, 204, headers);
  }
  let body: string;
  if (!shape.set && shape.scalar) body = row.body ?? 'null';
  else if (!shape.set) body = page >= 1 && row.body ? row.body.slice(1, -1).trim() : 'null';
  else body = render(r.accept, row.body ?? '[]', page);
  if (!shape.set && r.accept.media === 'object' && page !== 1) body = render(r.accept, '[]', page);
  const status = total !== null && page < total ? 206 : 200;
  send(r.http.res, status, jsonHeaders(r.accept, extra), r.method === 'HEAD' ? undefined : body);
}
