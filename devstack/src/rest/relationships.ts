/**
 * Resolves an embed `name!hint(…)` from relation `origin` to one relationship, the way PostgREST's
 * findRel does: foreign keys in both directions (a self-referencing key gives a to-many and a
 * to-one relationship), many-to-many through a junction table whose primary key holds both keys,
 * and computed relationships (a function `f(origin) returns [setof] <relation>`). The embed names
 * a table or view, a foreign key constraint, a key column of `origin`, or a function; the hint
 * names a constraint, a key column on either side or a junction table. No match is PGRST200,
 * several are PGRST201 (300).
 */
import type { Catalog, ForeignKey, FunctionDef, Table } from './catalog.js';
import { HttpError } from '../core/types.js';
import { pgrstError } from './errors.js';

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface Junction {
  table: string;
  /** Key from the junction to `origin`, and from the junction to the target. */
  sourceFk: ForeignKey;
  targetFk: ForeignKey;
}

export interface Relationship {
  kind: 'fk' | 'm2m' | 'computed';
  constraint: string;
  cardinality: Cardinality;
  origin: string;
  target: string;
  /** [origin column, target column] pairs of the join condition ('fk' only). */
  pairs: [string, string][];
  toOne: boolean;
  isSelf: boolean;
  targetIsView: boolean;
  junction?: Junction;
  /** The function of a computed relationship. */
  fn?: FunctionDef;
}

const zip = (a: string[], b: string[]): [string, string][] => a.map((x, i) => [x, b[i]]);
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
const isUnique = (t: Table | undefined, cols: string[]) =>
  !!t && (sameSet(t.pk, cols) || t.uniques.some((u) => sameSet(u, cols)));
const isView = (t: Table | undefined) => !!t && (t.kind === 'v' || t.kind === 'm');

/** Every relationship PostgREST's schema cache would list for `origin`. */
export function relationshipsOf(cat: Catalog, origin: string): Relationship[] {
  const out: Relationship[] = [];
  const originTable = cat.tables.get(origin);
  for (const fk of cat.foreignKeys) {
    if (fk.table === origin) {
      const oneToOne = isUnique(originTable, fk.columns);
      out.push({
        kind: 'fk', constraint: fk.name, cardinality: oneToOne ? 'one-to-one' : 'many-to-one', origin, target: fk.refTable,
        pairs: zip(fk.columns, fk.refColumns), toOne: true, isSelf: fk.refTable === origin,
        targetIsView: isView(cat.tables.get(fk.refTable)),
      });
    }
    if (fk.refTable === origin) {
      const oneToOne = isUnique(cat.tables.get(fk.table), fk.columns);
      out.push({
        kind: 'fk', constraint: fk.name, cardinality: oneToOne ? 'one-to-one' : 'one-to-many', origin, target: fk.table,
        pairs: zip(fk.refColumns, fk.columns), toOne: oneToOne, isSelf: fk.table === origin,
        targetIsView: isView(cat.tables.get(fk.table)),
      });
    }
  }
  // Many-to-many: a junction with a key to `origin` and another key, both inside its primary key.
  for (const sourceFk of cat.foreignKeys) {
    if (sourceFk.refTable !== origin) continue;
    const junction = cat.tables.get(sourceFk.table);
    if (!junction) continue;
    for (const targetFk of cat.foreignKeys) {
      if (targetFk.table !== sourceFk.table || targetFk.name === sourceFk.name) continue;
      if (![...sourceFk.columns, ...targetFk.columns].every((c) => junction.pk.includes(c))) continue;
      out.push({
        kind: 'm2m', constraint: targetFk.name, cardinality: 'many-to-many', origin, target: targetFk.refTable,
        pairs: [], toOne: false, isSelf: targetFk.refTable === origin, targetIsView: isView(cat.tables.get(targetFk.refTable)),
        junction: { table: junction.name, sourceFk, targetFk },
      });
    }
  }
  for (const fn of originTable?.computed.values() ?? []) {
    if (!fn.table) continue;
    out.push({
      kind: 'computed', constraint: fn.name, cardinality: !fn.retset || fn.rows === 1 ? 'many-to-one' : 'one-to-many',
      origin, target: fn.table, pairs: [], toOne: !fn.retset || fn.rows === 1, isSelf: fn.table === origin,
      targetIsView: isView(cat.tables.get(fn.table)), fn,
    });
  }
  return out;
}

const singleOriginCol = (r: Relationship, name: string) => r.kind === 'fk' && r.pairs.length === 1 && r.pairs[0][0] === name;
const singleTargetCol = (r: Relationship, name: string) => r.kind === 'fk' && r.pairs.length === 1 && r.pairs[0][1] === name;
const toMany = (r: Relationship) => r.cardinality === 'one-to-many';

function matches(r: Relationship, name: string, hint: string | undefined): boolean {
  if (r.kind === 'computed') return r.fn!.name === name;
  if (r.isSelf && r.kind === 'fk') {
    // One self-referencing key is two relationships: the table's name (with a hint naming the
    // referencing column) means the rows pointing here; the key column means the row it points to.
    if (hint === undefined) return (name === r.target && toMany(r)) || (singleOriginCol(r, name) && r.cardinality === 'many-to-one');
    return name === r.target && toMany(r) && singleTargetCol(r, hint);
  }
  if (hint === undefined) {
    return name === r.target ||
      (r.kind === 'fk' && !r.targetIsView && (r.constraint === name || singleOriginCol(r, name)));
  }
  return name === r.target && (
    (r.kind === 'fk' && (r.constraint === hint || singleOriginCol(r, hint) || singleTargetCol(r, hint))) ||
    (r.kind === 'm2m' && r.junction!.table === hint)
  );
}

export function resolveRelationship(cat: Catalog, origin: string, name: string, hint?: string): Relationship {
  const found = relationshipsOf(cat, origin).filter((r) => matches(r, name, hint));
  if (found.length === 1) return found[0];
  if (found.length === 0) {
    throw pgrstError(
      400, 'PGRST200',
      `Could not find a relationship between '${origin}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin}' and '${name}'${hint !== undefined ? ` using the hint '${hint}'` : ''} in the schema '${cat.schema}', but no matches were found.`,
      null,
    );
  }
  const cols = (c: string[]) => `(${c.join(', ')})`;
  const details = found.map((r) => ({
    cardinality: r.cardinality,
    embedding: `${origin} with ${r.target}`,
    relationship: r.junction
      ? `${r.junction.table} using ${r.junction.sourceFk.name}${cols(r.junction.sourceFk.columns)} and ${r.junction.targetFk.name}${cols(r.junction.targetFk.columns)}`
      : `${r.constraint} using ${origin}${cols(r.pairs.map((x) => x[0]))} and ${r.target}${cols(r.pairs.map((x) => x[1]))}`,
  }));
  const hintName = (r: Relationship) => `'${r.target}!${r.junction ? r.junction.table : r.constraint}'`;
  throw new HttpError(300, {
    code: 'PGRST201',
    details,
    hint: `Try changing '${name}' to one of the following: ${found.map(hintName).join(', ')}. Find the desired relationship in the 'details' key.`,
    message: `Could not embed because more than one relationship was found for '${origin}' and '${name}'`,
  });
}
