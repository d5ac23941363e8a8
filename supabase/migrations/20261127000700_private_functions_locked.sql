-- Functions in schema private start locked (issue: trust boundaries, "also fix"). The blanket
-- revoke of 20261122000900 covered only the functions that existed then; every private function
-- created later (settle_payment, sync_plan, the webhook triggers, is_object_name, …) was executable
-- by PUBLIC, and authenticated has USAGE on the schema (its one RLS helper needs it).
--
-- Now: nothing in private is executable by PUBLIC, anon or authenticated but the helper the
-- social_analytics policy calls, and a function created there later starts without PUBLIC's
-- execute too. Postgres grants that one globally and a per-schema default privilege cannot take it
-- back, so an event trigger does, for functions and procedures created in private (grants made
-- explicitly, as to the policy helper, are left alone). Event triggers need a superuser or, on
-- hosted Supabase, the postgres role through supautils.

revoke execute on all functions in schema private from public, anon, authenticated;
grant execute on function private.plan_allows_analytics() to authenticated;

create or replace function private.lock_new_private_functions()
returns event_trigger
language plpgsql
set search_path = ''
as $$
declare
  r record;
begin
  for r in select * from pg_event_trigger_ddl_commands()
            where schema_name = 'private' and object_type in ('function', 'procedure') loop
    execute format('revoke execute on %s %s from public', r.object_type, r.object_identity);
  end loop;
end;
$$;
revoke execute on function private.lock_new_private_functions() from public;

drop event trigger if exists lock_new_private_functions;
create event trigger lock_new_private_functions on ddl_command_end
  when tag in ('CREATE FUNCTION', 'CREATE PROCEDURE')
  execute function private.lock_new_private_functions();
