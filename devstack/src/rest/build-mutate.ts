/**
 * INSERT / UPSERT / UPDATE / DELETE statements. The request body travels as ONE json bind
 * parameter and is turned into rows by Postgres (`json_to_recordset` with the catalog's column
 * types), as PostgREST does; filters reuse the read filters on the target alias.
 */
import type { Column, Table } from './catalog.js';
import { filterSql, logicSql } from './build-filter.js';
import { pgrstError } from './errors.js';
import type { Filter, LogicTree } from './parse-filter.js';
import type { OrderTerm } from './parse-order.js';
import { fieldSql, ident, Params, qualified, UnknownColumnError } from './sql.js';

export class UnknownPayloadColumnError extends UnknownColumnError {
  constructor(table: string, column: string) {
    super(table, column);
    Object.assign(this.body as object, {
      code: 'PGRST204',
      message: `Could not find the '${column}' column of '${table}' in the schema cache`,
    });
  }
}

export function payloadColumns(table: Table, names: string[]): Column[] {
  return names.map((n) => {
    const c = table.columns.get(n);
    if (!c) throw new UnknownPayloadColumnError(table.name, n);
    return c;
  });
}

/** Columns of an insert: `columns=` if given, else the keys of the (first) object. */
export function insertColumnNames(body: unknown, columns?: string[]): string[] {
  const rows = Array.isArray(body) ? body : [body];
  for (const r of rows) {
    if (r === null || typeof r !== 'object' || Array.isArray(r)) {
      throw pgrstError(400, 'PGRST102', 'Empty or invalid json');
    }
  }
  if (columns) return columns;
  const first = Object.keys(rows[0] ?? {});
  for (const r of rows.slice(1)) {
    const keys = Object.keys(r as object);
    if (keys.length !== first.length || !keys.every((k) => first.includes(k))) {
      throw pgrstError(400, 'PGRST102', 'All object keys must match');
    }
  }
  return first;
}

const recordDef = (cols: Column[]) => cols.map((c) => `${ident(c.name)} ${c.type}`).join(', ');

const insertedNow = `coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0)`;
const INSERTED_PLUS = `set_config('pgrst.inserted', (${insertedNow} + 1)::text, true) <> '0'`;
const INSERTED_MINUS = `set_config('pgrst.inserted', (${insertedNow} - 1)::text, true) <> '-1'`;
/** Rows an upsert inserted (rather than updated), read after the statement's CTE ran. */
export const INSERTED_SQL = `nullif(current_setting('pgrst.inserted', true), '')::int`;

export interface InsertOptions {
  table: Table;
  columns: Column[];
  body: unknown;
  missingDefault: boolean;
  onConflict?: { columns: string[]; action: 'merge' | 'ignore' };
  returning: string;
}

export function insertSql(o: InsertOptions, p: Params): string {
  const target = `${qualified(o.table.schema, o.table.name)} AS ${ident(o.table.name)}`;
  const rows = JSON.stringify(Array.isArray(o.body) ? o.body : [o.body]);
  let sql: string;
  const merge = o.onConflict?.action === 'merge';
  // An upsert counts its rows in pgrst.inserted (+1 per row offered, -1 per conflict updated), as
  // PostgREST does, so an upsert that only updated answers 200 instead of 201.
  const counted = merge ? ` WHERE ${INSERTED_PLUS}` : '';
  if (!o.columns.length) {
    // Every column takes its default: a zero-column SELECT per row does exactly that.
    sql = `INSERT INTO ${target} SELECT FROM json_array_elements(${p.add(rows)}::json)${counted}`;
  } else if (o.missingDefault && o.columns.some((c) => c.default !== null)) {
    // Each row's defaults are computed whether or not the row has the key (a sequence advances
    // for every row, as with PostgREST); the LATERAL is tied to the row and kept un-flattened.
    const withDefault = o.columns.filter((c) => c.default !== null);
    const defaults = withDefault.map((c) => `${c.default} AS ${ident(c.name)}`).join(', ');
    const values = o.columns.map((c) =>
      c.default === null ? `_r.${ident(c.name)}` : `CASE WHEN _j.v ? ${p.add(c.name)} THEN _r.${ident(c.name)} ELSE _d.${ident(c.name)} END`,
    );
    sql = `INSERT INTO ${target} (${o.columns.map((c) => ident(c.name)).join(', ')}) SELECT ${values.join(', ')} ` +
      `FROM jsonb_array_elements(${p.add(rows)}::jsonb) AS _j(v), LATERAL jsonb_to_record(_j.v) AS _r(${recordDef(o.columns)}), ` +
      `LATERAL (SELECT ${defaults} WHERE _j.v IS NOT NULL OFFSET 0) AS _d${counted}`;
  } else {
    const names = o.columns.map((c) => ident(c.name)).join(', ');
    sql = `INSERT INTO ${target} (${names}) SELECT ${names} FROM json_to_recordset(${p.add(rows)}::json) AS _r(${recordDef(o.columns)})${counted}`;
  }
  if (o.onConflict) {
    const keys = o.onConflict.columns.map((c) => ident(c)).join(', ');
    const sets = o.columns.map((c) => `${ident(c.name)} = EXCLUDED.${ident(c.name)}`).join(', ');
    sql += o.onConflict.action === 'ignore' || !sets ? ` ON CONFLICT (${keys}) DO NOTHING`
      : ` ON CONFLICT (${keys}) DO UPDATE SET ${sets} WHERE ${INSERTED_MINUS}`;
  }
  return `${sql} RETURNING ${o.returning}`;
}

export interface WhereOptions {
  table: Table;
  filters: Filter[];
  logic: LogicTree[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

function whereSql(w: WhereOptions, alias: string, p: Params): string {
  const conds = [
    ...w.filters.map((f) => filterSql(w.table, alias, f, p)),
    ...w.logic.map((t) => logicSql(w.table, alias, t, p)),
  ];
  if (w.limit !== undefined || w.offset) {
    if (!w.order.length) {
      throw pgrstError(400, 'PGRST109', "A 'limit' was applied without an explicit 'order'", null, "Apply an 'order' using unique column(s)");
    }
    // Postgres has no UPDATE … LIMIT: pick the rows' ctids in a subquery instead.
    const inner = ident(`${w.table.name}_l`);
    const order = w.order
      .map((t) => `${fieldSql(w.table, inner, t.field, p)}${t.direction ? ` ${t.direction.toUpperCase()}` : ''}${t.nulls ? ` NULLS ${t.nulls.toUpperCase()}` : ''}`)
      .join(', ');
    const sub = whereSql({ ...w, limit: undefined, offset: undefined }, inner, p);
    const lim = `${w.limit !== undefined ? ` LIMIT ${p.add(w.limit)}` : ''}${w.offset ? ` OFFSET ${p.add(w.offset)}` : ''}`;
    conds.push(`${alias}.ctid = ANY(ARRAY(SELECT ${inner}.ctid FROM ${qualified(w.table.schema, w.table.name)} AS ${inner}${sub} ORDER BY ${order}${lim}))`);
  }
  return conds.length ? ` WHERE ${conds.join(' AND ')}` : '';
}

export function updateSql(w: WhereOptions, columns: Column[], body: object, returning: string, p: Params): string {
  const alias = ident(w.table.name);
  if (!columns.length) {
    // PostgREST answers an empty PATCH body without touching any row.
    return `SELECT ${returning} FROM ${qualified(w.table.schema, w.table.name)} AS ${alias} WHERE false`;
  }
  const sets = columns.map((c) => `${ident(c.name)} = _r.${ident(c.name)}`).join(', ');
  const src = `json_to_record(${p.add(JSON.stringify(body))}::json) AS _r(${recordDef(columns)})`;
  return `UPDATE ${qualified(w.table.schema, w.table.name)} AS ${alias} SET ${sets} FROM ${src}${whereSql(w, alias, p)} RETURNING ${returning}`;
}

export function deleteSql(w: WhereOptions, returning: string, p: Params): string {
  const alias = ident(w.table.name);
  return `DELETE FROM ${qualified(w.table.schema, w.table.name)} AS ${alias}${whereSql(w, alias, p)} RETURNING ${returning}`;
}
