/**
 * Resolves an embed `rel!hint(…)` from table `origin` to one foreign-key relationship, in either
 * direction, with PostgREST's PGRST200 (none) and PGRST201 (ambiguous) errors.
 */
import type { Catalog, ForeignKey, Table } from './catalog.js';
import { HttpError } from '../core/types.js';
import { pgrstError } from './errors.js';

export interface Relationship {
  constraint: string;
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one';
  target: string;
  /** [origin column, target column] pairs of the join condition. */
  pairs: [string, string][];
  fk: ForeignKey;
}

const zip = (a: string[], b: string[]): [string, string][] => a.map((x, i) => [x, b[i]]);
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
const isUnique = (t: Table | undefined, cols: string[]) =>
  !!t && (sameSet(t.pk, cols) || t.uniques.some((u) => sameSet(u, cols)));

export function candidates(cat: Catalog, origin: string, name: string): Relationship[] {
  const out: Relationship[] = [];
  for (const fk of cat.foreignKeys) {
    if (fk.table === origin && (fk.refTable === name || (fk.columns.length === 1 && fk.columns[0] === name))) {
      const oneToOne = isUnique(cat.tables.get(origin), fk.columns);
      out.push({
        constraint: fk.name, cardinality: oneToOne ? 'one-to-one' : 'many-to-one', target: fk.refTable,
        pairs: zip(fk.columns, fk.refColumns), fk,
      });
    }
    if (fk.refTable === origin && fk.table === name) {
      const oneToOne = isUnique(cat.tables.get(fk.table), fk.columns);
      out.push({
        constraint: fk.name, cardinality: oneToOne ? 'one-to-one' : 'one-to-many', target: fk.table,
        pairs: zip(fk.refColumns, fk.columns), fk,
      });
    }
  }
  return out;
}

export function resolveRelationship(cat: Catalog, origin: string, name: string, hint?: string): Relationship {
  let found = candidates(cat, origin, name);
  if (hint !== undefined) {
    found = found.filter((r) => r.constraint === hint || r.fk.columns.includes(hint) || r.target === hint);
  }
  // A self-referencing key matches both ways; the column name as hint means "the row it points to".
  if (found.length === 2 && found[0].fk === found[1].fk && hint !== undefined && found[0].fk.columns.includes(hint)) {
    found = found.filter((r) => r.cardinality !== 'one-to-many');
  }
  if (found.length === 1) return found[0];
  if (found.length === 0) {
    throw pgrstError(
      400, 'PGRST200',
      `Could not find a relationship between '${origin}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin}' and '${name}'${hint !== undefined ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
      null,
    );
  }
  const details = found.map((r) => ({
    cardinality: r.cardinality,
    embedding: `${origin} with ${r.target}`,
    relationship: `${r.constraint} using ${r.fk.table}(${r.fk.columns.join(', ')}) and ${r.fk.refTable}(${r.fk.refColumns.join(', ')})`,
  }));
  throw new HttpError(300, {
    code: 'PGRST201',
    details,
    hint: `Try changing '${name}' to one of the following: ${found.map((r) => `'${name}!${r.constraint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
    message: `Could not embed because more than one relationship was found for '${origin}' and '${name}'`,
  });
}
