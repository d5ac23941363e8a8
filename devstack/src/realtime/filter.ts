/**
 * postgres_changes `filter` strings (`user_id=eq.<uuid>`, `status=in.(a,b)`, `not.` negation,
 * several conditions joined by top-level commas), parsed and evaluated the way supabase/realtime
 * does: typed comparison per the column's Postgres type, SQL three-valued logic (a comparison with
 * NULL never matches, not even when negated).
 */
export const FILTER_OPS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'like', 'ilike', 'is', 'match', 'imatch', 'isdistinct'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface Filter {
  column: string;
  op: FilterOp;
  /** For `in`: the list items; otherwise one value. */
  value: string | string[];
  negate: boolean;
}

export type ParseResult = { ok: true; filters: Filter[] } | { ok: false; error: string };

export function parseFilter(input: string | undefined | null): ParseResult {
  const trimmed = (input ?? '').trim();
  if (trimmed === '') return { ok: true, filters: [] };
  const filters: Filter[] = [];
  for (const raw of splitTopLevel(trimmed)) {
    const segment = raw.trim();
    if (segment === '') return { ok: false, error: 'Error parsing `filter` params: filter must not contain empty segments (check for extra commas)' };
    const eq = segment.indexOf('=');
    if (eq <= 0) return { ok: false, error: `Error parsing \`filter\` params: ${JSON.stringify(segment)}` };
    const column = segment.slice(0, eq);
    let rest = segment.slice(eq + 1);
    const negate = rest.startsWith('not.');
    if (negate) rest = rest.slice(4);
    const dot = rest.indexOf('.');
    const op = (dot < 0 ? rest : rest.slice(0, dot)) as FilterOp;
    if (dot < 0 || !FILTER_OPS.includes(op)) return { ok: false, error: `Error parsing \`filter\` params: ${JSON.stringify(segment)}` };
    const rawValue = rest.slice(dot + 1);
    if (op === 'in') {
      if (!(rawValue.startsWith('(') && rawValue.endsWith(')'))) {
        return { ok: false, error: 'Error parsing `filter` params: `in` filter value must be wrapped by parentheses' };
      }
      filters.push({ column, op, value: splitTopLevel(rawValue.slice(1, -1)).map((v) => unquote(v.trim())), negate });
    } else {
      filters.push({ column, op, value: unquote(rawValue), negate });
    }
  }
  return { ok: true, filters };
}

/** Splits on commas outside parentheses and double quotes. */
function splitTopLevel(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      cur += c;
      if (c === '\\' && i + 1 < s.length) cur += s[++i];
      else if (c === '"') quoted = false;
    } else if (c === '"') {
      quoted = true;
      cur += c;
    } else if (c === '(') {
      depth++;
      cur += c;
    } else if (c === ')') {
      depth = Math.max(0, depth - 1);
      cur += c;
    } else if (c === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += c;
  }
  parts.push(cur);
  return parts;
}

function unquote(v: string): string {
  if (v.length < 2 || !v.startsWith('"') || !v.endsWith('"')) return v;
  return v.slice(1, -1).replace(/\\(.)/g, '$1');
}

const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money']);
const TEMPORAL = new Set(['timestamptz', 'timestamp', 'date']);

/** -1/0/1, or null when either side is NULL or the value cannot be cast (never matches). */
function compare(v: unknown, raw: string, type: string | undefined): number | null {
  if (v === null || v === undefined) return null;
  const t = type ?? '';
  if (NUMERIC.has(t) || typeof v === 'number') {
    const a = Number(v);
    const b = Number(raw);
    if (Number.isNaN(a) || Number.isNaN(b) || raw.trim() === '') return null;
    return Math.sign(a - b);
  }
  if (t === 'bool' || typeof v === 'boolean') {
    const b = toBool(raw);
    if (b === null) return null;
    return Number(v === true) - Number(b);
  }
  if (TEMPORAL.has(t)) {
    const a = Date.parse(String(v));
    const b = Date.parse(raw);
    if (Number.isNaN(a) || Number.isNaN(b)) return null;
    return Math.sign(a - b);
  }
  const a = t === 'uuid' ? String(v).toLowerCase() : typeof v === 'object' ? JSON.stringify(v) : String(v);
  const b = t === 'uuid' ? raw.toLowerCase() : t === 'json' || t === 'jsonb' ? canonicalJson(raw) : raw;
  return a < b ? -1 : a > b ? 1 : 0;
}

function canonicalJson(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw));
  } catch {
    return raw;
  }
}

function toBool(raw: string): boolean | null {
  const s = raw.trim().toLowerCase();
  if (['t', 'true', 'yes', 'y', 'on', '1'].includes(s)) return true;
  if (['f', 'false', 'no', 'n', 'off', '0'].includes(s)) return false;
  return null;
}

function likeToRegExp(pattern: string, flags: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) re += escapeRe(pattern[++i]!);
    else if (c === '%') re += '.*';
    else if (c === '_') re += '.';
    else re += escapeRe(c);
  }
  return new RegExp(`^${re}$`, `s${flags}`);
}

const escapeRe = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** true / false / null (SQL NULL). */
function evaluate(f: Filter, v: unknown, type: string | undefined): boolean | null {
  const one = typeof f.value === 'string' ? f.value : '';
  const cmp = () => compare(v, one, type);
  switch (f.op) {
    case 'eq': { const c = cmp(); return c === null ? null : c === 0; }
    case 'neq': { const c = cmp(); return c === null ? null : c !== 0; }
    case 'lt': { const c = cmp(); return c === null ? null : c < 0; }
    case 'lte': { const c = cmp(); return c === null ? null : c <= 0; }
    case 'gt': { const c = cmp(); return c === null ? null : c > 0; }
    case 'gte': { const c = cmp(); return c === null ? null : c >= 0; }
    case 'in': {
      if (v === null || v === undefined) return null;
      return (f.value as string[]).some((item) => compare(v, item, type) === 0);
    }
    case 'like':
    case 'ilike':
      if (v === null || v === undefined) return null;
      return likeToRegExp(one, f.op === 'ilike' ? 'i' : '').test(String(v));
    case 'match':
    case 'imatch':
      if (v === null || v === undefined) return null;
      try {
        return new RegExp(one, f.op === 'imatch' ? 'i' : '').test(String(v));
      } catch {
        return null;
      }
    case 'is': {
      const s = one.toLowerCase();
      if (s === 'null' || s === 'unknown') return v === null || v === undefined;
      if (s === 'true') return v === true;
      if (s === 'false') return v === false;
      return null;
    }
    case 'isdistinct': {
      if (v === null || v === undefined) return one.toLowerCase() !== 'null';
      if (one.toLowerCase() === 'null') return true;
      const c = cmp();
      return c === null ? true : c !== 0;
    }
  }
}

/**
 * Every filter must hold for `record`. A filter on a column the record lacks (e.g. a DELETE whose
 * old record carries only the primary key) does not match, as on hosted Realtime.
 */
export function matchesFilters(filters: Filter[], record: Record<string, unknown> | null, types: ReadonlyMap<string, string>): boolean {
  if (filters.length === 0) return true;
  if (!record) return false;
  return filters.every((f) => {
    if (!(f.column in record)) return false;
    const r = evaluate(f, record[f.column], types.get(f.column));
    if (r === null) return false;
    return f.negate ? !r : r;
  });
}
