/**
 * Renders a read tree as one SQL statement, the way PostgREST shapes it: embedded resources are
 * LATERAL subqueries aggregated to JSON inside Postgres, and the whole page is `json_agg`-ed so the
 * response body leaves Postgres as a single text value.
 */
import { logicSql, filterSql } from './build-filter.js';
import { pgrstError } from './errors.js';
import type { OrderTerm } from './parse-order.js';
import type { EmbedNode, ReadNode } from './read-plan.js';
import { castSql, fieldSql, ident, Params, qualified } from './sql.js';
import { fieldLabel } from './parse-util.js';

interface Rendered {
  select: string;
  joins: string;
  where: string[];
  groupBy: string[];
  orderBy: string;
  limit: string;
}

interface Counter {
  n: number;
}

export interface ReadSql {
  /** SELECT producing the page's rows. */
  rows: string;
  /** SELECT count(*) of all rows matching the filters (ignoring limit/offset). */
  count: string;
}

export function buildReadSql(node: ReadNode, source: string, alias: string, p: Params): ReadSql {
  const r = renderNode(node, alias, p, { n: 0 }, []);
  const body = `FROM ${source}${r.joins}${r.where.length ? ` WHERE ${r.where.join(' AND ')}` : ''}`;
  const group = r.groupBy.length ? ` GROUP BY ${r.groupBy.join(', ')}` : '';
  return {
    rows: `SELECT ${r.select} ${body}${group}${r.orderBy}${r.limit}`,
    count: group ? `SELECT count(*) FROM (SELECT 1 ${body}${group}) AS _c` : `SELECT count(*) ${body}`,
  };
}

/** One row: total (or null), page count and the JSON body as text. */
export function wrapRead(sql: ReadSql, withCount: boolean, stripNulls: boolean): string {
  const agg = `coalesce(json_agg(_r), '[]')`;
  const body = stripNulls ? `json_strip_nulls(${agg})` : agg;
  const total = withCount ? `(${sql.count})` : 'null::bigint';
  return `SELECT ${total} AS total, count(_r) AS page, ${body}::text AS body FROM (${sql.rows}) AS _r`;
}

function renderNode(node: ReadNode, alias: string, p: Params, ctr: Counter, joinConds: string[]): Rendered {
  const cols: string[] = [];
  const groupBy: string[] = [];
  let hasAggregate = false;
  for (const f of node.fields) {
    if (f.aggregate) {
      if (f.aggregate !== 'count') throw pgrstError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
      hasAggregate = true;
      const arg = f.field.name === '*' ? '*' : fieldSql(node.table, alias, f.field, p);
      const expr = `count(${arg})${f.aggregateCast ? `::${castSql(f.aggregateCast)}` : ''}`;
      cols.push(`${expr} AS ${ident(f.alias ?? 'count')}`);
      continue;
    }
    if (f.field.name === '*') {
      cols.push(`${alias}.*`);
      groupBy.push(`${alias}.*`);
      continue;
    }
    let expr = fieldSql(node.table, alias, f.field, p);
    if (f.cast) expr = `CAST(${expr} AS ${castSql(f.cast)})`;
    cols.push(`${expr} AS ${ident(f.alias ?? fieldLabel(f.field))}`);
    groupBy.push(expr);
  }

  let joins = '';
  const where = [...joinConds];
  for (const e of node.embeds) {
    const j = renderEmbed(e, alias, p, ctr);
    joins += j.join;
    cols.push(j.column);
    if (j.condition) where.push(j.condition);
  }
  for (const { embed, isNull } of node.nullEmbeds) {
    const lateral = embedAliases.get(embed);
    if (lateral) where.push(`${lateral}.body IS ${isNull ? '' : 'NOT '}NULL`);
  }
  for (const f of node.filters) where.push(filterSql(node.table, alias, f, p));
  for (const t of node.logic) where.push(logicSql(node.table, alias, t, p));

  const orderBy = node.order.length ? ` ORDER BY ${node.order.map((t) => orderSql(node, alias, t, p)).join(', ')}` : '';
  let limit = '';
  if (node.limit !== undefined) limit += ` LIMIT ${p.add(node.limit)}`;
  if (node.offset) limit += ` OFFSET ${p.add(node.offset)}`;
  return { select: cols.join(', '), joins, where, groupBy: hasAggregate ? groupBy : [], orderBy, limit };
}

/** Lateral alias of each rendered embed, for `rel=is.null` filters on the parent. */
const embedAliases = new WeakMap<EmbedNode, string>();

function renderEmbed(e: EmbedNode, parentAlias: string, p: Params, ctr: Counter) {
  const n = ++ctr.n;
  const alias = ident(`${e.table.name}_${n}`);
  const lateral = ident(`pgrst_${n}`);
  embedAliases.set(e, lateral);
  const conds = e.rel.pairs.map(([o, t]) => `${alias}.${ident(t)} = ${parentAlias}.${ident(o)}`);
  const r = renderNode(e, alias, p, ctr, conds);
  const group = r.groupBy.length ? ` GROUP BY ${r.groupBy.join(', ')}` : '';
  const sub = `SELECT ${r.select} FROM ${qualified(e.table.name)} AS ${alias}${r.joins} WHERE ${r.where.join(' AND ')}${group}${r.orderBy}${r.limit}`;
  const joinKind = e.inner ? 'INNER' : 'LEFT';
  if (e.spread) {
    return { join: ` ${joinKind} JOIN LATERAL (${sub}) AS ${lateral} ON TRUE`, column: `${lateral}.*`, condition: '' };
  }
  if (e.toOne) {
    return {
      join: ` ${joinKind} JOIN LATERAL (SELECT row_to_json(_e) AS body FROM (${sub}) AS _e) AS ${lateral} ON TRUE`,
      column: `${lateral}.body AS ${ident(e.label)}`,
      condition: '',
    };
  }
  return {
    join: ` LEFT JOIN LATERAL (SELECT json_agg(_e) AS body FROM (${sub}) AS _e) AS ${lateral} ON TRUE`,
    column: `coalesce(${lateral}.body, '[]') AS ${ident(e.label)}`,
    condition: e.inner ? `${lateral}.body IS NOT NULL` : '',
  };
}

function orderSql(node: ReadNode, alias: string, t: OrderTerm, p: Params): string {
  let expr: string;
  if (t.relation) {
    const e = node.embeds.find((x) => x.label === t.relation);
    if (!e) {
      throw pgrstError(400, 'PGRST108', `'${t.relation}' is not an embedded resource in this request`, null,
        `Verify that '${t.relation}' is included in the 'select' query parameter.`);
    }
    if (!e.toOne) {
      throw pgrstError(400, 'PGRST118', `A related order on '${e.label}' is not possible`,
        `'${node.table.name}' and '${e.label}' do not form a many-to-one or one-to-one relationship`);
    }
    // A scalar subquery keeps the column's own type, so numbers sort as numbers.
    const sub = ident(`${e.table.name}_o`);
    const conds = e.rel.pairs.map(([o, c]) => `${sub}.${ident(c)} = ${alias}.${ident(o)}`).join(' AND ');
    expr = `(SELECT ${fieldSql(e.table, sub, t.field, p)} FROM ${qualified(e.table.name)} AS ${sub} WHERE ${conds} LIMIT 1)`;
  } else {
    expr = fieldSql(node.table, alias, t.field, p);
  }
  const dir = t.direction ? ` ${t.direction.toUpperCase()}` : '';
  const nulls = t.nulls ? ` NULLS ${t.nulls.toUpperCase()}` : '';
  return `${expr}${dir}${nulls}`;
}
