/**
 * One round trip that reads what the REST layer needs from pg_catalog for one schema (its oid is $1):
 * relations and their columns, keys, foreign keys, view → base-table column usage and functions.
 * Returned as a single JSON document.
 */
export const CATALOG_SQL = `
with rels as (
  select c.oid, c.relname, c.relkind
  from pg_class c
  where c.relnamespace = $1::oid and c.relkind in ('r', 'v', 'm', 'f', 'p')
),
fn as (
  select p.oid, p.proname, p.proretset, p.provolatile, p.pronargs, p.pronargdefaults, p.prorows,
         p.proargnames, p.proargmodes, t.typtype, t.typrelid, p.prorettype,
         format_type(p.prorettype, null) as rettype,
         array(select format_type(x, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
               with ordinality u(x, i) order by i) as argtypes,
         -- a single argument of a relation's row type: a computed field / computed relationship
         case when p.pronargs = 1 then (select a.typrelid from pg_type a where a.oid = p.proargtypes[0]) end as argrel
  from pg_proc p join pg_type t on t.oid = p.prorettype
  where p.pronamespace = $1::oid and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
)
select json_build_object(
  -- PostgREST reads its in-database configuration from the authenticator role's settings
  -- (alter role authenticator set pgrst.db_aggregates_enabled = 'true').
  'settings', (
    select coalesce(json_object_agg(substr(s, 7, strpos(s, '=') - 7), substr(s, strpos(s, '=') + 1)), '{}')
    from pg_db_role_setting r cross join unnest(r.setconfig) s
    where r.setrole = (select oid from pg_roles where rolname = 'authenticator')
      and r.setdatabase in (0, (select oid from pg_database where datname = current_database()))
      and s like 'pgrst.%'
  ),
  'relations', (select coalesce(json_agg(json_build_object('oid', oid, 'name', relname, 'kind', relkind)), '[]') from rels),
  'columns', (
    select coalesce(json_agg(json_build_object(
      'rel', a.attrelid, 'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
      'notNull', a.attnotnull,
      -- an identity column's default is its sequence (Prefer: missing=default inserts it)
      'default', coalesce(pg_get_expr(d.adbin, d.adrelid), case when a.attidentity <> '' then
        format('nextval(%L::regclass)', pg_get_serial_sequence(a.attrelid::regclass::text, a.attname)) end),
      'generated', a.attgenerated <> '' or a.attidentity = 'a'
    ) order by a.attrelid, a.attnum), '[]')
    from pg_attribute a
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attnum > 0 and not a.attisdropped
      and (a.attrelid in (select oid from rels) or a.attrelid in (select typrelid from fn where typrelid <> 0))
  ),
  'constraints', (
    select coalesce(json_agg(json_build_object(
      'name', k.conname, 'type', k.contype, 'rel', k.conrelid, 'refRel', k.confrelid,
      'cols', (select array_agg(a.attname order by u.i) from unnest(k.conkey) with ordinality u(n, i)
               join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n),
      'refCols', (select array_agg(a.attname order by u.i) from unnest(k.confkey) with ordinality u(n, i)
                  join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n)
    )), '[]')
    from pg_constraint k
    where k.contype in ('p', 'u', 'f') and k.conrelid in (select oid from rels)
  ),
  'viewUsage', (
    select coalesce(json_agg(distinct jsonb_build_object('view', r.ev_class, 'rel', d.refobjid, 'col', a.attname)), '[]')
    from pg_rewrite r
    join pg_depend d on d.objid = r.oid and d.classid = 'pg_rewrite'::regclass
      and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0 and d.refobjid <> r.ev_class
    join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
    where r.ev_class in (select oid from rels where relkind in ('v', 'm'))
  ),
  'functions', (
    select coalesce(json_agg(json_build_object(
      'oid', oid, 'name', proname, 'retset', proretset, 'rows', prorows, 'argrel', argrel,
      'volatility', provolatile, 'nargs', pronargs,
      'nargdefaults', pronargdefaults, 'argnames', proargnames, 'argmodes', proargmodes,
      'argtypes', argtypes, 'rettype', rettype, 'typtype', typtype, 'typrelid', typrelid,
      'returnsVoid', prorettype = 'void'::regtype
    ) order by oid), '[]')
    from fn
  )
)::text as catalog
`;
