-- What hosted Supabase creates before a project's own migrations, with the same names and
-- meaning. Runs on every start, so every statement is idempotent.

do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
end
$$;

-- The gateway's request pool logs in as authenticator and switches role per request.
alter role authenticator with login noinherit password 'postgres';
grant anon, authenticated, service_role to authenticator;

-- Extensions live in their own schema, as on hosted projects.
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;

-- Hosted search_path for the roles that run SQL directly (SQL editor, migrations, seed), so
-- `gen_salt()`, `crypt()` and `uuid_generate_v4()` resolve without a schema prefix.
alter role postgres set search_path = "$user", public, extensions;
alter database postgres set search_path = "$user", public, extensions;

-- Schema public as hosted Supabase grants it: the API roles may use it, and every table,
-- function and sequence the migrations create is granted to them; RLS policies do the rest.
grant usage on schema public to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;

-- Where the Supabase CLI records applied migrations and seeds.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);
