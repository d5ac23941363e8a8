/**
 * Function calls for /rpc/<fn>: picks the overload the arguments name (PostgREST's rules and its
 * PGRST202 message), and renders the call with named arguments read from ONE json parameter by
 * `json_to_record`, so Postgres converts every value to the argument's declared type.
 */
import type { Catalog, FunctionDef, Table } from './catalog.js';
import { pgrstError } from './errors.js';
import { ident, Params, qualified } from './sql.js';

export class UnknownFunctionError extends Error {}

const JSON_TYPES = new Set(['json', 'jsonb']);

export interface CallTarget {
  fn: FunctionDef;
  /** Whole body goes to the single json/jsonb parameter. */
  singleObject: boolean;
}

/**
 * PostgREST's rules (Plan.hs findProc): a function matches when the argument names cover its
 * required parameters and nothing but its parameters; a POST may also reach a function with one
 * unnamed json/jsonb parameter. More than one candidate is PGRST203 (300), as PostgREST answers,
 * rather than letting Postgres pick or fail with 42725.
 */
export function findFunction(
  cat: Catalog, name: string, keys: string[], opts: { singleObjectPref: boolean; isPost: boolean },
): CallTarget {
  const overloads = sortOverloads(cat.functions.get(name) ?? []);
  const singleJson = overloads.find((f) => f.args.length === 1 && JSON_TYPES.has(f.args[0].type));
  if (opts.singleObjectPref) {
    if (singleJson) return { fn: singleJson, singleObject: true };
    throw new UnknownFunctionError(name);
  }
  const keySet = new Set(keys);
  const matches = overloads.filter((f) => matchesParams(f, keySet));
  const fallbacks = opts.isPost
    ? overloads.filter((f) => !matches.includes(f) && f.args.length === 1 && f.args[0].name === '' && JSON_TYPES.has(f.args[0].type))
    : [];
  const found = matches.length ? matches : fallbacks;
  if (found.length === 1) return { fn: found[0], singleObject: isOnePositional(found[0]) };
  if (found.length > 1) throw ambiguousFunction(found);
  throw new UnknownFunctionError(name);
}

/** One unnamed parameter: PostgREST passes the whole argument object to it, positionally. */
const isOnePositional = (f: FunctionDef) => f.args.length === 1 && f.args[0].name === '';

function matchesParams(f: FunctionDef, keys: Set<string>): boolean {
  if (!f.args.length) return keys.size === 0;
  const required = f.args.filter((a) => !a.hasDefault).map((a) => a.name);
  const optional = new Set(f.args.filter((a) => a.hasDefault).map((a) => a.name));
  const rest = [...keys].filter((k) => !optional.has(k));
  return rest.length === required.length && required.every((r) => keys.has(r));
}

/** Fewest parameters first, then by parameter names and types (PostgREST's Ord on routines). */
function sortOverloads(list: FunctionDef[]): FunctionDef[] {
  const key = (f: FunctionDef) => f.args.map((a) => `${a.name}\u0000${a.type}`).join('\u0001');
  return [...list].sort((a, b) => a.args.length - b.args.length || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

export function ambiguousFunction(found: FunctionDef[]) {
  const sig = (f: FunctionDef) => `${f.schema}.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`;
  return pgrstError(300, 'PGRST203', `Could not choose the best candidate function between: ${found.map(sig).join(', ')}`, null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved');
}

export function noFunctionError(cat: Catalog, name: string, keys: string[], opts: { singleObjectPref: boolean; isPost: boolean }) {
  const sorted = [...keys].sort();
  const params = sorted.join(', ');
  const fn = `${cat.schema}.${name}`;
  const withParams = sorted.length ? ` with parameter${sorted.length > 1 ? 's' : ''} ${params}` : ' without parameters';
  const searched = opts.singleObjectPref ? ' with a single json/jsonb parameter'
    : opts.isPost ? `${withParams} or with a single unnamed json/jsonb parameter` : withParams;
  const message = opts.singleObjectPref
    ? `Could not find the function ${fn} in the schema cache`
    : `Could not find the function ${fn}${sorted.length ? `(${params})` : ' without parameters'} in the schema cache`;
  const overloads = cat.functions.get(name);
  let hint: string | null = null;
  if (!opts.singleObjectPref) {
    if (overloads?.length) {
      // The overload whose parameter list reads closest to the names sent.
      const lists = overloads.map((o) => `(${o.args.map((a) => a.name).sort().join(', ')})`);
      const wanted = `(${params})`;
      const best = lists.reduce((a, b) => (distance(wanted, b) < distance(wanted, a) ? b : a));
      hint = `Perhaps you meant to call the function ${fn}${best}`;
    } else {
      const close = closest(name, [...cat.functions.keys()]);
      if (close) hint = `Perhaps you meant to call the function ${cat.schema}.${close}`;
    }
  }
  return pgrstError(404, 'PGRST202', message, `Searched for the function ${fn}${searched}, but no matches were found in the schema cache.`, hint);
}

/** A name at most a third of its length away (edit distance), for "Perhaps you meant …" hints. */
export function closest(name: string, options: string[]): string | undefined {
  let best: string | undefined;
  let bestD = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const o of options) {
    const d = distance(name, o);
    if (d < bestD) [best, bestD] = [o, d];
  }
  return best;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}

/** `FROM` source of the call: the arguments record, then the function itself. */
export function callSql(t: CallTarget, args: Record<string, unknown>, p: Params): { call: string; from: string } {
  const fnName = qualified(t.fn.schema, t.fn.name);
  if (t.singleObject) return { call: `${fnName}(${p.add(JSON.stringify(args))}::${t.fn.args[0].type})`, from: '' };
  const used = t.fn.args.filter((a) => a.name in args);
  if (!used.length) return { call: `${fnName}()`, from: '' };
  const def = used.map((a) => `${ident(a.name)} ${a.type}`).join(', ');
  const named = used.map((a) => `${ident(a.name)} := _a.${ident(a.name)}`).join(', ');
  return {
    call: `${fnName}(${named})`,
    from: `json_to_record(${p.add(JSON.stringify(args))}::json) AS _a(${def})`,
  };
}

/** The function's result rows seen as a table, so select/filters/order work on them. */
export function resultTable(cat: Catalog, fn: FunctionDef): Table {
  const existing = fn.table ? cat.tables.get(fn.table) : undefined;
  if (existing) return existing;
  return {
    schema: fn.schema, oid: 0, name: fn.name, kind: 'f', pk: [], uniques: [], computed: new Map(),
    columns: new Map((fn.columns ?? []).map((c) => [c.name, c])),
  };
}
