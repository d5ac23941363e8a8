/**
 * SQL text helpers. Identifiers are always double-quoted (and only ever come from the catalog or
 * from names checked against it); every value from a request becomes a bind parameter.
 */
import { HttpError } from '../core/types.js';
import type { Table } from './catalog.js';
import type { Field } from './parse-util.js';

export const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export const qualified = (schema: string, name: string): string => `${ident(schema)}.${ident(name)}`;

export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A name the catalog does not know: the handler reloads the schema cache once and retries. */
export class UnknownColumnError extends HttpError {
  constructor(table: string, column: string) {
    super(400, { code: '42703', details: null, hint: null, message: `column ${table}.${column} does not exist` });
  }
}

export function checkColumn(table: Table, name: string, alias?: string): void {
  if (!table.columns.has(name)) throw new UnknownColumnError(alias ? unquote(alias) : table.name, name);
}

/** `"a""b"` → `a"b`: the alias as Postgres would name it in an error message. */
const unquote = (quoted: string) => (/^".*"$/.test(quoted) ? quoted.slice(1, -1).replaceAll('""', '"') : quoted);

/**
 * `"alias"."col"->$1::text->>$2::text`, with the column checked against the catalog. A name that
 * is no column but a function of the row (`f(t)`) is a computed field: `"schema"."f"("alias")`.
 */
export function fieldSql(table: Table, alias: string, f: Field, p: Params): string {
  const computed = table.columns.has(f.name) ? undefined : table.computed.get(f.name);
  if (!computed) checkColumn(table, f.name, alias);
  let sql = computed ? `${qualified(computed.schema, computed.name)}(${alias})` : `${alias}.${ident(f.name)}`;
  for (const op of f.json) {
    sql += op.index ? `${op.arrow}${p.add(Number(op.key))}::int` : `${op.arrow}${p.add(op.key)}::text`;
  }
  return sql;
}

/**
 * `::type` from the query string. Only plain type names (letters, digits, `_`, spaces, optional
 * `[]`) pass, so the name cannot carry SQL; Postgres itself rejects names that are not types.
 */
export function castSql(type: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?$/.test(type) || type.length > 63) {
    throw new HttpError(400, { code: '42704', details: null, hint: null, message: `type "${type}" does not exist` });
  }
  return type;
}
