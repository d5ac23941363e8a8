/**
 * Horizontal filters: `col=not.eq.5`, `col=in.(a,"b,c")`, `col=is.null`, `col=fts(english).cat`,
 * `col=like(any).{a*,b*}`, and logic trees `or=(a.eq.1,and(b.gt.2,c.is.null))`.
 */
import { Cursor, ParseError, field, quotedValue, type Field } from './parse-util.js';

export type QuantOp = 'eq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch';
export type SimpleOp = 'neq' | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxr' | 'nxl' | 'adj';
export type FtsOp = 'fts' | 'plfts' | 'phfts' | 'wfts';
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Operation =
  | { op: QuantOp; quant?: 'any' | 'all'; value: string }
  | { op: SimpleOp; value: string }
  | { op: 'in'; values: string[] }
  | { op: 'is'; value: IsValue }
  | { op: 'isdistinct'; value: string }
  | { op: FtsOp; lang?: string; value: string };

export interface Filter {
  field: Field;
  negate: boolean;
  operation: Operation;
}

export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'expr'; negate: boolean; op: 'and' | 'or'; children: LogicTree[] };

const QUANT_OPS: QuantOp[] = ['eq', 'gte', 'gt', 'lte', 'lt', 'like', 'ilike', 'match', 'imatch'];
const SIMPLE_OPS: SimpleOp[] = ['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'];
const FTS_OPS: FtsOp[] = ['plfts', 'phfts', 'wfts', 'fts'];
const IS_VALUES: IsValue[] = ['null', 'not_null', 'true', 'false', 'unknown'];
const EXPECT_OP = '"not" or operator (eq, gt, ...)';

/** Parses the value side of `col=<value>`. */
export function parseFilterValue(value: string): { negate: boolean; operation: Operation } {
  const c = new Cursor(value, 'filter');
  const expr = opExpr(c, (cur) => {
    const rest = cur.src.slice(cur.pos);
    cur.pos = cur.src.length;
    return rest;
  });
  if (!c.done) c.fail('end of input');
  return expr;
}

/** Like parseFilterValue, but for GET /rpc a value without an operator is a plain argument. */
export function tryParseFilterValue(value: string): { negate: boolean; operation: Operation } | null {
  try {
    return parseFilterValue(value);
  } catch (e) {
    if (e instanceof ParseError) return null;
    throw e;
  }
}

function opExpr(c: Cursor, singleVal: (c: Cursor) => string): { negate: boolean; operation: Operation } {
  const negate = c.eat('not.');
  return { negate, operation: operation(c, singleVal) };
}

function operation(c: Cursor, singleVal: (c: Cursor) => string): Operation {
  if (c.eat('in.')) return { op: 'in', values: listVal(c) };
  if (c.eat('isdistinct.')) return { op: 'isdistinct', value: singleVal(c) };
  if (c.eat('is.')) {
    const word = IS_VALUES.find((v) => c.src.slice(c.pos, c.pos + v.length).toLowerCase() === v);
    if (!word) c.fail('isVal: (null, not_null, true, false, unknown)');
    c.pos += word.length;
    return { op: 'is', value: word };
  }
  for (const op of FTS_OPS) {
    if (!c.startsWith(op)) continue;
    const save = c.pos;
    c.pos += op.length;
    let lang: string | undefined;
    if (c.eat('(')) {
      const m = /^[\p{L}\p{N}_$ ]+/u.exec(c.src.slice(c.pos));
      if (!m) c.fail('letter or digit');
      lang = m[0].trim();
      c.pos += m[0].length;
      c.expect(')');
    }
    if (c.eat('.')) return { op, lang, value: singleVal(c) };
    c.pos = save;
  }
  for (const op of SIMPLE_OPS) {
    if (c.startsWith(op + '.')) {
      c.pos += op.length + 1;
      return { op, value: singleVal(c) };
    }
  }
  for (const op of QUANT_OPS) {
    if (!c.startsWith(op)) continue;
    const save = c.pos;
    c.pos += op.length;
    let quant: 'any' | 'all' | undefined;
    if (c.eat('(any)')) quant = 'any';
    else if (c.eat('(all)')) quant = 'all';
    if (c.eat('.')) return { op, quant, value: singleVal(c) };
    c.pos = save;
  }
  return c.fail(EXPECT_OP);
}

/** `(a,"b,c",d)` */
function listVal(c: Cursor): string[] {
  c.skipSpaces();
  c.expect('(');
  c.skipSpaces();
  const values: string[] = [];
  for (;;) {
    values.push(listElement(c));
    if (!c.eat(',')) break;
  }
  c.skipSpaces();
  c.expect(')', '")"');
  c.skipSpaces();
  return values.length === 1 && values[0] === '' ? [] : values;
}

function listElement(c: Cursor): string {
  if (c.peek() === '"') {
    const save = c.pos;
    const v = quotedValue(c);
    if (c.peek() === ',' || c.peek() === ')') return v;
    c.pos = save;
  }
  return untilDelimiter(c);
}

function untilDelimiter(c: Cursor): string {
  const start = c.pos;
  while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos++;
  return c.src.slice(start, c.pos);
}

/** Values inside or=(…): quoted, a `{…}` array literal, or up to the next `,` or `)`. */
function logicSingleVal(c: Cursor): string {
  if (c.peek() === '"') {
    const save = c.pos;
    const v = quotedValue(c);
    if (c.peek() === ',' || c.peek() === ')' || c.done) return v;
    c.pos = save;
  }
  if (c.peek() === '{') {
    const end = c.src.indexOf('}', c.pos);
    const inner = end < 0 ? '' : c.src.slice(c.pos + 1, end);
    if (end >= 0 && !inner.includes('{')) {
      c.pos = end + 1;
      return `{${inner}}`;
    }
  }
  return untilDelimiter(c);
}

/**
 * `key` is the parameter name (`or`, `not.and`, `rel.or`), `value` its value `(…)`.
 * Returns the embed path and the tree.
 */
export function parseLogic(key: string, value: string): { path: string[]; tree: LogicTree } {
  const parts = key.split('.');
  const op = parts.at(-1) as 'and' | 'or';
  const negate = parts.includes('not');
  const path = parts.slice(0, -1).filter((p) => p !== 'not');
  const c = new Cursor(value, 'logic tree');
  const children = logicChildren(c);
  if (!c.done) c.fail('end of input');
  return { path, tree: { kind: 'expr', negate, op, children } };
}

function logicChildren(c: Cursor): LogicTree[] {
  c.skipSpaces();
  c.expect('(');
  const children: LogicTree[] = [];
  for (;;) {
    c.skipSpaces();
    children.push(logicNode(c));
    c.skipSpaces();
    if (!c.eat(',')) break;
  }
  c.expect(')', '")"');
  c.skipSpaces();
  return children;
}

function logicNode(c: Cursor): LogicTree {
  const m = /^(not\.)?(and|or)\(/.exec(c.src.slice(c.pos));
  if (m) {
    c.pos += m[0].length - 1;
    return { kind: 'expr', negate: !!m[1], op: m[2] as 'and' | 'or', children: logicChildren(c) };
  }
  if (c.peek() === ')' || c.peek() === ',') {
    c.fail('field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)');
  }
  const f = field(c);
  c.expect('.', 'delimiter (.)');
  const { negate, operation: op } = opExpr(c, logicSingleVal);
  return { kind: 'filter', filter: { field: f, negate, operation: op } };
}
