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

/**
 * One row: total (or null), page count and the body as text: a JSON array, or for text/csv
 * PostgREST's CSV (the first row's keys, then each row's record text without its parentheses, so
 * values are quoted and rendered the way Postgres prints them).
 */
export function wrapRead(sql: ReadSql, withCount: boolean, format: { stripNulls: boolean; media?: string }, extra = ''): string {
  const agg = `coalesce(json_agg(_r), '[]')`;
  let body = format.stripNulls ? `json_strip_nulls(${agg})` : agg;
  if (format.media === 'csv') {
    const head = `(SELECT coalesce(string_agg(_k, ','), '') FROM json_object_keys((array_agg(row_to_json(_r)))[1]) AS _k)`;
    body = `${head} || chr(10) || coalesce(string_agg(substr(_r::text, 2, length(_r::text) - 2), chr(10)), '')`;
  }
  const total = withCount ? `(${sql.count})` : 'null::bigint';
  return `SELECT ${total} AS total, count(_r) AS page, (${body})::text AS body${extra} FROM (${sql.rows}) AS _r`;
}

function renderNode(node: ReadNode, alias: string, p: Params, ctr: Counter, joinConds: string[]): Rendered {
  const cols: string[] = [];
  const groupBy: string[] = [];
  const hasAggregate = node.fields.some((f) => f.aggregate);
  for (const f of node.fields) {
    if (f.aggregate) {
      let arg = f.field.name === '*' ? '*' : fieldSql(node.table, alias, f.field, p);
      if (f.cast && arg !== '*') arg = `CAST(${arg} AS ${castSql(f.cast)})`;
      const expr = `${f.aggregate}(${arg})${f.aggregateCast ? `::${castSql(f.aggregateCast)}` : ''}`;
      cols.push(`${expr} AS ${ident(f.alias ?? f.aggregate)}`);
      continue;
    }
    if (f.field.name === '*') {
      cols.push(`${alias}.*`);
      for (const c of node.table.columns.keys()) groupBy.push(`${alias}.${ident(c)}`);
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
    const j = renderEmbed(e, alias, p, ctr, hasAggregate);
    joins += j.join;
    if (j.column) cols.push(j.column);
    groupBy.push(...j.groupBy);
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

/** FROM item and join conditions that tie an embedded resource's rows to its parent row. */
function embedSource(e: EmbedNode, alias: string, parentAlias: string): { from: string; conds: string[] } {
  const rel = e.rel;
  if (rel.kind === 'computed') {
    // A computed relationship is the function applied to the parent row.
    return { from: `${qualified(rel.fn!.schema, rel.fn!.name)}(${parentAlias}) AS ${alias}`, conds: [] };
  }
  const from = `${qualified(e.table.schema, e.table.name)} AS ${alias}`;
  if (rel.kind === 'm2m') {
    const j = rel.junction!;
    const jAlias = ident(`${j.table}_j`);
    const toParent = j.sourceFk.columns.map((c, i) => `${jAlias}.${ident(c)} = ${parentAlias}.${ident(j.sourceFk.refColumns[i])}`);
    const toTarget = j.targetFk.columns.map((c, i) => `${jAlias}.${ident(c)} = ${alias}.${ident(j.targetFk.refColumns[i])}`);
    return { from, conds: [`EXISTS (SELECT 1 FROM ${qualified(e.table.schema, j.table)} AS ${jAlias} WHERE ${[...toParent, ...toTarget].join(' AND ')})`] };
  }
  return { from, conds: rel.pairs.map(([o, t]) => `${alias}.${ident(t)} = ${parentAlias}.${ident(o)}`) };
}

/** Output keys of a node's rows, for spreading them into the parent. */
function outputNames(node: ReadNode): string[] {
  const names: string[] = [];
  for (const f of node.fields) {
    if (f.aggregate) names.push(f.alias ?? f.aggregate);
    else if (f.field.name === '*') names.push(...node.table.columns.keys());
    else names.push(f.alias ?? fieldLabel(f.field));
  }
  for (const e of node.embeds) {
    if (e.spread) names.push(...outputNames(e));
    else if (!e.empty) names.push(e.label);
  }
  return names;
}

/**
 * One embedded resource as a LATERAL join. `grouped`: the parent aggregates, so what the embed
 * contributes is also grouped by (as jsonb, which unlike json has an equality operator).
 */
function renderEmbed(e: EmbedNode, parentAlias: string, p: Params, ctr: Counter, grouped: boolean) {
  const n = ++ctr.n;
  const alias = ident(`${e.table.name}_${n}`);
  const lateral = ident(`pgrst_${n}`);
  embedAliases.set(e, lateral);
  const src = embedSource(e, alias, parentAlias);
  const r = renderNode(e, alias, p, ctr, src.conds);
  const group = r.groupBy.length ? ` GROUP BY ${r.groupBy.join(', ')}` : '';
  const where = r.where.length ? ` WHERE ${r.where.join(' AND ')}` : '';
  const sub = `SELECT ${r.select} FROM ${src.from}${r.joins}${where}${group}${r.orderBy}${r.limit}`;
  const joinKind = e.inner ? 'INNER' : 'LEFT';
  if (e.spread) {
    const names = outputNames(e).map(ident);
    if (e.toOne) {
      const cols = names.map((c) => `${lateral}.${c}`);
      return { join: ` ${joinKind} JOIN LATERAL (${sub}) AS ${lateral} ON TRUE`, column: cols.join(', '), condition: '', groupBy: grouped ? cols : [] };
    }
    // Spreading a to-many resource gives one array per column (PostgREST 13).
    const aggs = names.map((c) => `json_agg(_e.${c}) AS ${c}`).join(', ');
    const cols = names.map((c) => `coalesce(${lateral}.${c}, '[]') AS ${c}`);
    return {
      join: ` LEFT JOIN LATERAL (SELECT ${aggs} FROM (${sub}) AS _e) AS ${lateral} ON TRUE`,
      column: cols.join(', '),
      condition: e.inner ? `${lateral}.${names[0]} IS NOT NULL` : '',
      groupBy: grouped ? names.map((c) => `${lateral}.${c}::jsonb`) : [],
    };
  }
  const jsonCol = (expr: string) => (grouped ? `(${expr})::jsonb` : expr);
  if (e.toOne) {
    const col = jsonCol(`${lateral}.body`);
    return {
      join: ` ${joinKind} JOIN LATERAL (SELECT row_to_json(_e) AS body FROM (${sub}) AS _e) AS ${lateral} ON TRUE`,
      column: e.empty ? '' : `${col} AS ${ident(e.label)}`,
      condition: '',
      groupBy: grouped && !e.empty ? [col] : [],
    };
  }
  const col = jsonCol(`coalesce(${lateral}.body, '[]')`);
  return {
    join: ` LEFT JOIN LATERAL (SELECT json_agg(_e) AS body FROM (${sub}) AS _e) AS ${lateral} ON TRUE`,
    column: e.empty ? '' : `${col} AS ${ident(e.label)}`,
    condition: e.inner ? `${lateral}.body IS NOT NULL` : '',
    groupBy: grouped && !e.empty ? [col] : [],
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
    const src = embedSource(e, sub, alias);
    const where = src.conds.length ? ` WHERE ${src.conds.join(' AND ')}` : '';
    expr = `(SELECT ${fieldSql(e.table, sub, t.field, p)} FROM ${src.from}${where} LIMIT 1)`;
  } else {
    expr = fieldSql(node.table, alias, t.field, p);
  }
  const dir = t.direction ? ` ${t.direction.toUpperCase()}` : '';
  const nulls = t.nulls ? ` NULLS ${t.nulls.toUpperCase()}` : '';
  return `${expr}${dir}${nulls}`;
}
