-- Functions in schema private start locked (issue: trust boundaries, "also fix"). The blanket
-- revoke of 20261122000900 covered only the functions that existed then; every private function
-- created later (settle_payment, sync_plan, the webhook triggers, is_object_name, …) was executable
-- by PUBLIC, and authenticated has USAGE on the schema (its one RLS helper needs it).
--
-- Now: nothing in private is executable by PUBLIC, anon or authenticated but the helper the
-- social_analytics policy calls, and every function the migration role creates later starts
-- without PUBLIC's execute. Postgres grants that one globally and a per-schema default cannot take
-- it back, so the default is changed for the role as a whole: a function meant for clients (an RPC
-- in public) says so with its own `grant execute … to authenticated`, as every one here already does.

revoke execute on all functions in schema private from public, anon, authenticated;
grant execute on function private.plan_allows_analytics() to authenticated;
alter default privileges revoke execute on functions from public;
