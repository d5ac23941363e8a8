-- Hosted schedules: on a project with pg_cron, pg_net and Vault (hosted Supabase), pg_cron calls
-- social-publish-due every minute and social-analytics-sync every hour through pg_net, with the
-- project's URL and service-role key read from Vault at each call (the secrets `project_url` and
-- `service_role_key`; README "Deploying"), never written here. Where the extensions are missing
-- (the devstack) this schedules nothing: the devstack's own timers call the same functions.
--
-- private.call_edge_function() and private.schedule_hosted_jobs() resolve cron, net and vault only
-- when called, so they exist everywhere and are tested against stand-in schemas
-- (tests/data/hosted-schedules.test.ts).

create or replace function private.call_edge_function(p_name text)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_url text;
  v_key text;
begin
  -- Only the functions this project schedules: the command text pg_cron stores cannot be turned
  -- into a call of anything else.
  if p_name not in ('social-publish-due', 'social-analytics-sync') then
    raise exception 'call_edge_function: % is not a scheduled function', p_name using errcode = '22023';
  end if;
  select decrypted_secret into v_url from vault.decrypted_secrets where name = 'project_url';
  select decrypted_secret into v_key from vault.decrypted_secrets where name = 'service_role_key';
  if coalesce(v_url, '') = '' or coalesce(v_key, '') = '' then
    raise warning 'call_edge_function(%): set the Vault secrets project_url and service_role_key (README "Deploying")', p_name;
    return null;
  end if;
  return net.http_post(
    url := rtrim(v_url, '/') || '/functions/v1/' || p_name,
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || v_key),
    timeout_milliseconds := 60000
  );
end;
$$;

comment on function private.call_edge_function(text) is
  'POSTs {} to a scheduled edge function with the service-role key, both read from Vault (project_url, service_role_key). Called by pg_cron on hosted.';

create or replace function private.schedule_hosted_jobs()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- cron.schedule(name, …) replaces a job of the same name: running this again changes nothing.
  perform cron.schedule('social-publish-due', '* * * * *', $cmd$select private.call_edge_function('social-publish-due')$cmd$);
  perform cron.schedule('social-analytics-sync', '17 * * * *', $cmd$select private.call_edge_function('social-analytics-sync')$cmd$);
end;
$$;

revoke all on function private.call_edge_function(text), private.schedule_hosted_jobs() from public, anon, authenticated;

do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron')
     and exists (select from pg_available_extensions where name = 'pg_net')
     and exists (select from pg_namespace where nspname = 'vault') then
    create extension if not exists pg_cron;
    create extension if not exists pg_net;
    perform private.schedule_hosted_jobs();
  else
    raise notice 'pg_cron, pg_net or Vault missing: nothing scheduled (the devstack''s timers call social-publish-due and social-analytics-sync)';
  end if;
end
$$;
