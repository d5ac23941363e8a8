/** Filters and logic trees → SQL conditions, operators as PostgREST's SqlFragment renders them. */
import type { Table } from './catalog.js';
import type { Filter, LogicTree, Operation } from './parse-filter.js';
import { fieldSql, Params } from './sql.js';

const QUANT_SQL = {
  eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'LIKE', ilike: 'ILIKE', match: '~', imatch: '~*',
} as const;
const SIMPLE_SQL = {
  neq: '<>', cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-',
} as const;
const FTS_SQL = {
  fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery',
} as const;
const IS_SQL = { null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' } as const;

/** `*` is PostgREST's URL-friendly wildcard for LIKE patterns. */
const likePattern = (v: string) => v.replaceAll('*', '%');

function operationSql(lhs: string, o: Operation, p: Params): string {
  switch (o.op) {
    case 'in':
      return o.values.length ? `${lhs} = ANY(${p.add(o.values)})` : `${lhs} = ANY('{}')`;
    case 'is':
      return `${lhs} IS ${IS_SQL[o.value]}`;
    case 'isdistinct':
      return `${lhs} IS DISTINCT FROM ${p.add(o.value)}`;
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const lang = o.lang === undefined ? '' : `${p.add(o.lang)}::regconfig, `;
      return `${lhs} @@ ${FTS_SQL[o.op]}(${lang}${p.add(o.value)})`;
    }
    case 'neq':
    case 'cs':
    case 'cd':
    case 'ov':
    case 'sl':
    case 'sr':
    case 'nxr':
    case 'nxl':
    case 'adj':
      return `${lhs} ${SIMPLE_SQL[o.op]} ${p.add(o.value)}`;
    default: {
      const isLike = o.op === 'like' || o.op === 'ilike';
      const value = p.add(isLike ? likePattern(o.value) : o.value);
      const rhs = o.quant === 'any' ? `ANY(${value})` : o.quant === 'all' ? `ALL(${value})` : value;
      return `${lhs} ${QUANT_SQL[o.op]} ${rhs}`;
    }
  }
}

export function filterSql(table: Table, alias: string, f: Filter, p: Params): string {
  const sql = operationSql(fieldSql(table, alias, f.field, p), f.operation, p);
  return f.negate ? `NOT (${sql})` : sql;
}

export function logicSql(table: Table, alias: string, t: LogicTree, p: Params): string {
  if (t.kind === 'filter') return filterSql(table, alias, t.filter, p);
  const joined = t.children.map((c) => `(${logicSql(table, alias, c, p)})`).join(t.op === 'and' ? ' AND ' : ' OR ');
  return t.negate ? `NOT (${joined})` : `(${joined})`;
}
