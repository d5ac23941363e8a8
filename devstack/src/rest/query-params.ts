/**
 * Splits a request's query string the way PostgREST does: reserved keys (`select`, `columns`,
 * `on_conflict`), keys ending in `order`/`limit`/`offset`/`and`/`or` (optionally below an embed
 * path, `rel.limit`), and everything else as a filter `path.to.col->json=op.value`.
 */
import { parseFilterValue, parseLogic, tryParseFilterValue, type Filter, type LogicTree } from './parse-filter.js';
import { parseOrder, type OrderTerm } from './parse-order.js';
import { parseSelect, type SelectItem } from './parse-select.js';
import { Cursor, fieldName, jsonPath, ParseError } from './parse-util.js';

export interface QueryParams {
  select: SelectItem[];
  /** Filters keyed by embed path ('' for the root, 'rel' or 'rel.sub' below). */
  filters: { path: string[]; filter: Filter }[];
  logic: { path: string[]; tree: LogicTree }[];
  order: { path: string[]; terms: OrderTerm[] }[];
  limits: Map<string, number>;
  offsets: Map<string, number>;
  columns?: string[];
  onConflict?: string[];
  /** GET /rpc: parameters without an operator are the function's arguments. */
  rpcArgs: Map<string, string[]>;
}

const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

export function parseQueryParams(search: URLSearchParams, isRpcRead = false): QueryParams {
  const q: QueryParams = {
    select: parseSelect(search.get('select') ?? '*'),
    filters: [],
    logic: [],
    order: [],
    limits: new Map(),
    offsets: new Map(),
    rpcArgs: new Map(),
  };
  const columns = search.get('columns');
  if (columns) q.columns = parseColumns(columns, 'columns parameter');
  const onConflict = search.get('on_conflict');
  if (onConflict) q.onConflict = parseColumns(onConflict, 'on_conflict parameter');

  for (const [key, value] of search) {
    if (key === 'select' || key === 'columns' || key === 'on_conflict') continue;
    const last = key.slice(key.lastIndexOf('.') + 1);
    if (EMBEDDABLE.has(last)) {
      if (value === '') continue;
      const path = treePath(key).path;
      if (last === 'order') q.order.push({ path, terms: parseOrder(value) });
      else if (last === 'and' || last === 'or') q.logic.push(parseLogic(key, value));
      else {
        // PostgREST ignores limit/offset values that are not integers.
        const n = /^-?\d+$/.test(value) ? Number(value) : undefined;
        if (n !== undefined) (last === 'limit' ? q.limits : q.offsets).set(path.join('.'), n);
      }
      continue;
    }
    if (isRpcRead) {
      const expr = tryParseFilterValue(value);
      if (!expr) {
        const args = q.rpcArgs.get(key) ?? [];
        args.push(value);
        q.rpcArgs.set(key, args);
        continue;
      }
      const { path, field } = treePath(key);
      q.filters.push({ path, filter: { field, ...expr } });
      continue;
    }
    const { path, field } = treePath(key);
    q.filters.push({ path, filter: { field, ...parseFilterValue(value) } });
  }
  return q;
}

/** `rel.sub.col->x` → path ['rel','sub'], field col->x. Also used for `rel.order` (field = 'order'). */
function treePath(key: string): { path: string[]; field: { name: string; json: ReturnType<typeof jsonPath> } } {
  const c = new Cursor(key, 'tree path');
  const names = [fieldName(c)];
  while (c.eat('.')) names.push(fieldName(c));
  const json = jsonPath(c);
  if (!c.done) c.fail('"->>", "->", delimiter (.) or end of input');
  const name = names.pop() as string;
  return { path: names, field: { name, json } };
}

function parseColumns(src: string, what: string): string[] {
  const c = new Cursor(src, what);
  const cols: string[] = [];
  for (;;) {
    c.skipSpaces();
    cols.push(fieldName(c));
    c.skipSpaces();
    if (c.done) return cols;
    c.expect(',', '"," or end of input');
  }
}

export { ParseError };
