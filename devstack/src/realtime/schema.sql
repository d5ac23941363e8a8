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

-- ---------------------------------------------------------------------------------------------
-- The `realtime` schema hosted Supabase provides for Realtime Authorization and database
-- broadcasts. Projects write their private-channel policies on realtime.messages (SELECT = may
-- receive, INSERT = may send; `realtime.topic()` names the channel inside a policy), and call
-- realtime.send() / realtime.broadcast_changes() from SQL. Same names, columns, grants and RLS as
-- on hosted; only the delivery differs (a NOTIFY per inserted message instead of a replication
-- slot on the table).

do $$
begin
  if not exists (select from pg_catalog.pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin nologin noinherit noreplication;
  end if;
end
$$;
grant supabase_realtime_admin to postgres;

create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role, supabase_realtime_admin;
grant create on schema realtime to supabase_realtime_admin;

-- One row per message sent from the database (realtime.send) and, inside rolled-back
-- transactions, the probe rows the server writes to ask a channel's policies.
create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  constraint messages_pkey primary key (id, inserted_at)
);
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;
alter table realtime.messages owner to supabase_realtime_admin;
alter table realtime.messages enable row level security;
grant all on realtime.messages to supabase_realtime_admin;
grant select, insert, update on realtime.messages to postgres, anon, authenticated, service_role;
grant delete, truncate, references, trigger on realtime.messages to postgres;
-- Hosted drops a day's partition after a few days; the devstack trims on start.
delete from realtime.messages where inserted_at < now() - interval '3 days';

-- The topic of the channel being authorised (set by the server, and by realtime.send).
create or replace function realtime.topic() returns text
language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;
alter function realtime.topic() owner to supabase_realtime_admin;

-- Broadcast `payload` as `event` to the channel `topic` from SQL. Runs with the caller's rights,
-- so for a signed-in caller the INSERT policies on realtime.messages decide; a failure never fails
-- the caller's transaction, it becomes a warning (as on hosted). The payload gets an `id` (the
-- message's) unless it has one.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true) returns void
language plpgsql as $$
declare
  message_id uuid := gen_random_uuid();
begin
  begin
    if not (payload ? 'id') then
      payload := jsonb_set(payload, '{id}', to_jsonb(message_id));
    end if;
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (message_id, payload, event, topic, private, 'broadcast');
  exception when others then
    raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;

-- For row triggers: broadcasts {record, old_record, operation, table, schema} as `event_name`
-- to the private channel `topic_name`.
create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
) returns void
language plpgsql as $$
declare
  row_data jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation not in ('INSERT', 'UPDATE', 'DELETE') then
    raise exception 'Unexpected operation type: %', operation;
  end if;
  row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation,
                                 'table', table_name, 'schema', table_schema);
  perform realtime.send(row_data, event_name, topic_name);
exception when others then
  raise exception 'Failed to process the row: %', sqlerrm;
end
$$;

grant execute on function realtime.topic(), realtime.send(jsonb, text, text, boolean),
  realtime.broadcast_changes(text, text, text, text, text, record, record, text)
  to postgres, anon, authenticated, service_role, supabase_realtime_admin;

-- Delivery: every committed message with a payload, an event and a privacy flag goes out to the
-- channel's members (NOTIFY is transactional: the server's rolled-back probes never go out).
-- Payloads too large for NOTIFY travel by id and are read back.
create or replace function devstack_realtime.notify_message() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  body text;
begin
  if new.payload is null or new.event is null or new.private is null then
    return null;
  end if;
  body := jsonb_build_object('id', new.id, 'topic', new.topic, 'event', new.event,
                             'private', new.private, 'payload', new.payload)::text;
  if octet_length(body) > 7900 then
    body := jsonb_build_object('id', new.id, 'inserted_at', new.inserted_at, 'cut', true)::text;
  end if;
  perform pg_notify('devstack_realtime_broadcast', body);
  return null;
exception when others then
  raise warning 'devstack realtime: message % not delivered: %', new.id, sqlerrm;
  return null;
end
$$;
revoke all on function devstack_realtime.notify_message() from public;

drop trigger if exists devstack_realtime_message on realtime.messages;
create trigger devstack_realtime_message after insert on realtime.messages
  for each row execute function devstack_realtime.notify_message();
