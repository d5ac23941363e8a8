/**
 * What the change feed needs to know about a table, read from the catalog: columns (with the
 * `pg_type.typname` realtime-js converts by), primary key, replica identity, RLS, and which
 * columns each API role may select (hosted Realtime drops columns a role cannot select).
 */
import type pg from 'pg';

export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;

export interface ColumnInfo {
  name: string;
  /** pg_type.typname, e.g. `int4`, `uuid`, `_text`. */
  type: string;
  /** format_type(): a cast target that is safe to put in SQL (comes from the catalog). */
  sqlType: string;
}

export interface TableMeta {
  schema: string;
  table: string;
  /** `"schema"."table"`, quoted by Postgres itself. */
  qualified: string;
  columns: ColumnInfo[];
  pk: string[];
  replicaFull: boolean;
  rls: boolean;
  /** Selectable columns per role; a role missing here sees nothing. */
  selectable: Map<string, Set<string>>;
}

const META_SQL = `
select format('%I.%I', n.nspname, c.relname) as qualified,
       c.relrowsecurity as rls,
       c.relreplident = 'f' as replica_full,
       (select coalesce(json_agg(json_build_object('name', a.attname, 'type', t.typname,
                                                   'sqlType', format_type(a.atttypid, a.atttypmod))
                                 order by a.attnum), '[]')
          from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
         where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
       (select coalesce(json_agg(a.attname order by k.ord), '[]')
          from pg_catalog.pg_index i
          cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
          join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
         where i.indrelid = c.oid and i.indisprimary) as pk,
       (select coalesce(json_object_agg(r.rolname,
                 (select coalesce(json_agg(a.attname), '[]') from pg_catalog.pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                     and has_column_privilege(r.oid, c.oid, a.attnum, 'SELECT'))), '{}')
          from pg_catalog.pg_roles r where r.rolname = any($3::text[])) as selectable
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
 where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p', 'v', 'm', 'f')`;

export async function readTableMeta(db: pg.Pool, schema: string, table: string): Promise<TableMeta | null> {
  const { rows } = await db.query(META_SQL, [schema, table, [...API_ROLES]]);
  const r = rows[0];
  if (!r) return null;
  const selectable = new Map<string, Set<string>>();
  for (const [role, cols] of Object.entries(r.selectable as Record<string, string[]>)) selectable.set(role, new Set(cols));
  return {
    schema,
    table,
    qualified: r.qualified,
    columns: r.columns,
    pk: r.pk,
    replicaFull: r.replica_full,
    rls: r.rls,
    selectable,
  };
}

/** Tables of `supabase_realtime` a subscription's schema/table (`*` = any) covers. */
export async function publicationTables(db: pg.Pool, schema: string, table: string): Promise<{ schema: string; table: string }[]> {
  const { rows } = await db.query(
    `select schemaname as schema, tablename as table from pg_catalog.pg_publication_tables
      where pubname = 'supabase_realtime'
        and schemaname like (case $1 when '*' then '%' else $1 end) escape ''
        and tablename like (case $2 when '*' then '%' else $2 end) escape ''`,
    [schema, table],
  );
  return rows;
}

/** Wires tables added to the publication in ways the event trigger cannot see. */
export async function syncTriggers(db: pg.Pool): Promise<void> {
  await db.query('select devstack_realtime.sync_triggers()');
}
