/**
 * POST (insert / upsert), PATCH and DELETE on /<table>. The mutation is a CTE; the response rows
 * (return=representation, honouring select= with embeds) are read from it in the same statement.
 */
import type { Catalog, Table } from './catalog.js';
import { buildReadSql, wrapRead } from './build-read.js';
import { deleteSql, INSERTED_SQL, insertColumnNames, insertSql, payloadColumns, updateSql, type WhereOptions } from './build-mutate.js';
import { pgrstError } from './errors.js';
import { preferenceApplied, type Preferences } from './prefer.js';
import type { QueryParams } from './query-params.js';
import { planRead, type ReadNode } from './read-plan.js';
import { contentRange, jsonHeaders, render, send, singular, type ResultRow } from './respond.js';
import { checkMaxAffected, finalError, requireTable, runStatement, withCatalog, type RestRequest } from './request.js';
import { ident, Params } from './sql.js';

async function readBody(r: RestRequest): Promise<unknown> {
  const raw = (await r.http.body()).toString('utf8');
  if (raw.trim() === '') return r.method === 'POST' ? null : {};
  try {
    return JSON.parse(raw);
  } catch {
    throw pgrstError(400, 'PGRST102', 'Empty or invalid json');
  }
}

/** RETURNING list: everything for `*`, else only what the response select needs (column grants). */
function returningList(table: Table, node: ReadNode): string {
  const alias = ident(table.name);
  if (node.fields.some((f) => f.field.name === '*' && !f.aggregate)) return `${alias}.*`;
  const cols = new Set<string>();
  for (const f of node.fields) if (f.field.name !== '*') cols.add(f.field.name);
  for (const e of node.embeds) {
    for (const [origin] of e.rel.pairs) cols.add(origin);
    for (const c of e.rel.junction?.sourceFk.refColumns ?? []) cols.add(c);
  }
  for (const f of node.filters) cols.add(f.field.name);
  for (const t of node.order) if (!t.relation) cols.add(t.field.name);
  const known = [...cols].filter((c) => table.columns.has(c));
  return known.length ? known.map((c) => `${alias}.${ident(c)}`).join(', ') : '1';
}

interface Built {
  text: string;
  values: unknown[];
}

function build(r: RestRequest, cat: Catalog, tableName: string, q: QueryParams, body: unknown): Built {
  const table = requireTable(cat, tableName);
  const representation = r.prefs.return === 'representation';
  // Filters, order and limit address the rows to change; the response select only shapes output.
  const node = planRead(cat, table, { ...q, filters: [], logic: [], order: [], limits: new Map(), offsets: new Map() });
  const p = new Params();
  const returning = representation ? returningList(table, node) : '1';
  let dml: string;
  if (r.method === 'POST') {
    const columns = payloadColumns(table, insertColumnNames(body, q.columns));
    const resolution = r.prefs.resolution;
    const conflictCols = q.onConflict ?? table.pk;
    if (resolution && !conflictCols.length) {
      throw pgrstError(400, '42P10', 'there is no unique or exclusion constraint matching the ON CONFLICT specification');
    }
    payloadColumns(table, conflictCols);
    dml = insertSql({
      table, columns, body, returning,
      missingDefault: r.prefs.missing === 'default',
      onConflict: resolution ? { columns: conflictCols, action: resolution === 'ignore-duplicates' ? 'ignore' : 'merge' } : undefined,
    }, p);
  } else {
    const root = planRead(cat, table, { ...q, select: [] });
    const where: WhereOptions = {
      table, filters: root.filters, logic: root.logic, order: root.order,
      limit: q.limits.get(''), offset: q.offsets.get(''),
    };
    if (r.method === 'PATCH') {
      if (Array.isArray(body) || body === null || typeof body !== 'object') throw pgrstError(400, 'PGRST102', 'Empty or invalid json');
      dml = updateSql(where, payloadColumns(table, Object.keys(body)), body, returning, p);
    } else {
      dml = deleteSql(where, returning, p);
    }
  }
  if (!representation) {
    return { text: `WITH pgrst_source AS (${dml}) SELECT null::bigint AS total, count(*) AS page, null::text AS body, ${INSERTED_SQL} AS inserted FROM pgrst_source`, values: p.values };
  }
  const read = buildReadSql(node, `pgrst_source AS ${ident(table.name)}`, ident(table.name), p);
  return { text: `WITH pgrst_source AS (${dml}) ${wrapRead(read, false, r.accept, `, ${INSERTED_SQL} AS inserted`)}`, values: p.values };
}

export async function handleWrite(r: RestRequest, tableName: string, q: QueryParams): Promise<void> {
  const body = await readBody(r);
  if (body === null) throw pgrstError(400, 'PGRST102', 'Empty or invalid json');
  const single = r.accept.media === 'object';
  let row: ResultRow;
  try {
    row = await withCatalog(r, async (cat) => {
      const { text, values } = build(r, cat, tableName, q, body);
      return runStatement(r, text, values, {
        readOnly: false,
        // A singular response for anything but one row rolls the change back, as PostgREST does;
        // so does an update or delete beyond `max-affected` (with handling=strict).
        check: (res) => {
          if (single) singular(res.body ?? '[]', Number(res.page));
          if (r.method !== 'POST') checkMaxAffected(r, Number(res.page));
        },
      });
    });
  } catch (e) {
    throw finalError(r, e);
  }
  respondWrite(r, row);
}

function respondWrite(r: RestRequest, row: ResultRow): void {
  const n = Number(row.page);
  const prefs: Preferences = r.prefs;
  const counted = prefs.count !== undefined;
  const honoured: (keyof Preferences)[] = ['return', 'count', 'missing', 'handling'];
  if (r.method === 'POST') honoured.push('resolution');
  else honoured.push('maxAffected');
  if (r.txHonoured) honoured.push('tx');
  const range = r.method === 'PATCH' ? contentRange(0, n - 1, counted ? n : null) : contentRange(1, 0, counted ? n : null);
  const extra = { 'Content-Range': range, 'Preference-Applied': preferenceApplied(prefs, honoured) };
  // An upsert (merge-duplicates) that inserted nothing only updated: 200, as PostgREST answers.
  const created = r.method === 'POST' && !(prefs.resolution === 'merge-duplicates' && Number(row.inserted ?? 0) <= 0);
  if (prefs.return === 'representation') {
    const status = created ? 201 : 200;
    send(r.http.res, status, jsonHeaders(r.accept, extra), render(r.accept, row.body ?? '[]', n));
    return;
  }
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) headers[k] = v;
  send(r.http.res, created ? 201 : r.method === 'POST' ? 200 : 204, headers);
}
