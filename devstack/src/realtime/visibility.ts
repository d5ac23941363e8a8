/**
 * "May this subscriber see this row?" answered by Postgres itself: the row is looked up by
 * primary key in a read-only request transaction carrying the subscriber's claims and role (as
 * PostgREST would run it), so the table's RLS policies decide — what walrus does on hosted.
 * Many changes of one table are checked in one query per distinct token.
 */
import type pg from 'pg';
import type { Claims, Db } from '../core/types.js';
import type { TableMeta, ColumnInfo } from './catalog.js';
import type { Row } from './change.js';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Indexes (into `keys`) of the rows the subscriber can currently select. */
export async function visibleRows(db: Db, claims: Claims, meta: TableMeta, keys: Row[]): Promise<Set<number>> {
  if (keys.length === 0 || meta.pk.length === 0) return new Set();
  const byName = new Map<string, ColumnInfo>(meta.columns.map((c) => [c.name, c]));
  // Column names and cast targets come from the catalog (format_type), values stay parameters.
  const conds = meta.pk.map((col) => {
    const info = byName.get(col);
    if (!info) throw new Error(`primary key column ${col} not found`);
    return `t.${ident(col)} = (k.v ->> ${quoteLiteral(col)})::${info.sqlType}`;
  });
  const sql = `select (k.i - 1)::int as i from jsonb_array_elements($1::jsonb) with ordinality as k(v, i)
               where exists (select 1 from ${meta.qualified} t where ${conds.join(' and ')})`;
  const rows = await db.asRequest(
    claims,
    async (client: pg.PoolClient) => (await client.query<{ i: number }>(sql, [JSON.stringify(keys)])).rows,
    { readOnly: true },
  );
  return new Set(rows.map((r) => r.i));
}

/** The current row by key, read as superuser (for rows too large for NOTIFY). */
export async function readRow(admin: pg.Pool, meta: TableMeta, key: Row): Promise<Row | null> {
  const byName = new Map<string, ColumnInfo>(meta.columns.map((c) => [c.name, c]));
  const conds = meta.pk.map((col, n) => `t.${ident(col)} = $${n + 1}::${byName.get(col)?.sqlType ?? 'text'}`);
  if (conds.length === 0) return null;
  const { rows } = await admin.query(
    `select to_jsonb(t) as row from ${meta.qualified} t where ${conds.join(' and ')}`,
    meta.pk.map((col) => toParam(key[col])),
  );
  return (rows[0]?.row as Row | undefined) ?? null;
}

const toParam = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v);

function quoteLiteral(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}
