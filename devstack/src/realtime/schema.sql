-- Realtime plumbing for the devstack (runs on every start; idempotent).
-- Hosted Supabase streams changes out of the WAL; locally a row trigger on every table in the
-- `supabase_realtime` publication pg_notify()s the change and the Node server fans it out.
-- Migrations keep doing `alter publication supabase_realtime add table …` exactly as on hosted.

create schema if not exists devstack_realtime;
revoke all on schema devstack_realtime from public;

do $$
begin
  if not exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

-- One notification per row change: schema, table, op, primary key (new and old), and the rows as
-- to_jsonb() (the same JSON realtime.apply_rls builds). NOTIFY payloads are capped at 8000 bytes,
-- so oversized rows are dropped from the payload (flagged) and the server reads them back by key.
-- Never raises: a realtime problem must not fail the user's write.
create or replace function devstack_realtime.notify_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  pk_cols text[];
  new_row jsonb;
  old_row jsonb;
  msg jsonb;
  body text;
begin
  select coalesce(array_agg(a.attname::text order by k.ord), '{}') into pk_cols
  from pg_catalog.pg_index i
  cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
  join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
  where i.indrelid = tg_relid and i.indisprimary;

  if tg_op <> 'DELETE' then new_row := to_jsonb(new); end if;
  if tg_op <> 'INSERT' then old_row := to_jsonb(old); end if;

  msg := jsonb_build_object(
    's', tg_table_schema, 't', tg_table_name, 'op', tg_op, 'pkc', to_jsonb(pk_cols),
    'pk', (select coalesce(jsonb_object_agg(c, coalesce(new_row, old_row) -> c), '{}') from unnest(pk_cols) c),
    'opk', (select coalesce(jsonb_object_agg(c, old_row -> c), '{}') from unnest(pk_cols) c),
    'new', new_row, 'old', old_row);
  body := msg::text;
  if octet_length(body) > 7600 then
    msg := msg || jsonb_build_object('old', null, 'old_cut', old_row is not null);
    body := msg::text;
  end if;
  if octet_length(body) > 7600 then
    msg := msg || jsonb_build_object('new', null, 'new_cut', new_row is not null);
    body := msg::text;
  end if;
  if octet_length(body) > 7900 then
    raise warning 'devstack realtime: change on %.% not delivered (primary key too large for NOTIFY)', tg_table_schema, tg_table_name;
    return null;
  end if;
  perform pg_notify('devstack_realtime', body);
  return null;
end
$$;

-- Keeps exactly the tables of the publication wired to notify_change().
create or replace function devstack_realtime.sync_triggers() returns void
language plpgsql security definer set search_path = '' as $$
declare
  r record;
begin
  for r in
    select c.oid::regclass as rel
    from pg_catalog.pg_publication_tables p
    join pg_catalog.pg_namespace n on n.nspname = p.schemaname
    join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime' and c.relkind = 'r'
      and not exists (select 1 from pg_catalog.pg_trigger t where t.tgrelid = c.oid and t.tgname = 'devstack_realtime_notify')
  loop
    execute format('create trigger devstack_realtime_notify after insert or update or delete on %s '
                   'for each row execute function devstack_realtime.notify_change()', r.rel);
  end loop;
  for r in
    select t.tgrelid::regclass as rel
    from pg_catalog.pg_trigger t
    where t.tgname = 'devstack_realtime_notify'
      and not exists (
        select 1 from pg_catalog.pg_publication_tables p
        join pg_catalog.pg_namespace n on n.nspname = p.schemaname
        join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
        where p.pubname = 'supabase_realtime' and c.oid = t.tgrelid)
  loop
    execute format('drop trigger devstack_realtime_notify on %s', r.rel);
  end loop;
end
$$;

create or replace function devstack_realtime.on_publication_ddl() returns event_trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform devstack_realtime.sync_triggers();
end
$$;

revoke all on function devstack_realtime.notify_change() from public;
revoke all on function devstack_realtime.sync_triggers() from public;
revoke all on function devstack_realtime.on_publication_ddl() from public;

-- Tables added to the publication later (at run time, by tests or a new migration) get wired at once.
do $$
begin
  if not exists (select 1 from pg_catalog.pg_event_trigger where evtname = 'devstack_realtime_publication') then
    create event trigger devstack_realtime_publication on ddl_command_end
      when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION')
      execute function devstack_realtime.on_publication_ddl();
  end if;
end
$$;
