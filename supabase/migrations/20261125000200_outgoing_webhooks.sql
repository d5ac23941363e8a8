-- Outgoing webhooks (Settings → Webhooks): a user points Shotcraft's events at their own systems.
--
-- webhook_endpoints: where to send and which events. The signing secret is generated and stored by
-- the webhook-endpoints function and shown to the user once; no client role can read it back.
-- webhook_deliveries: one row per event and endpoint, written by triggers (private.enqueue_webhook_event)
-- and sent by the worker's dispatcher (claim_webhook_deliveries / finish_webhook_delivery), with
-- retries and backoff; the user reads the log and asks for a resend through the function.

create table public.webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  url text not null check (char_length(url) <= 2048 and url ~ '^https?://'),
  description text check (char_length(description) <= 200),
  events text[] not null check (
    cardinality(events) > 0
    and events <@ array['generation.completed', 'generation.failed', 'post.published', 'post.failed', 'credits.low']::text[]),
  secret text not null,
  active boolean not null default true,
  created_at timestamptz not null default now()
);
comment on table public.webhook_endpoints is
  'A user''s outgoing webhook: URL, events, signing secret (server-side only). Created by the webhook-endpoints function.';
create index webhook_endpoints_user_idx on public.webhook_endpoints (user_id, created_at);

alter table public.webhook_endpoints enable row level security;
create policy "users read their own webhook endpoints" on public.webhook_endpoints
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "users change their own webhook endpoints" on public.webhook_endpoints
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "users delete their own webhook endpoints" on public.webhook_endpoints
  for delete to authenticated using ((select auth.uid()) = user_id);
revoke all on table public.webhook_endpoints from anon, authenticated;
grant select (id, user_id, url, description, events, active, created_at) on table public.webhook_endpoints to authenticated;
grant update (description, events, active) on table public.webhook_endpoints to authenticated;
grant delete on table public.webhook_endpoints to authenticated;

create table public.webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  endpoint_id uuid not null references public.webhook_endpoints (id) on delete cascade,
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  event_id uuid not null,
  event_type text not null check (event_type ~ '^[a-z_]+\.[a-z_]+$'),
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'delivering', 'succeeded', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  last_status_code integer,
  last_error text check (char_length(last_error) <= 500),
  delivered_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table public.webhook_deliveries is
  'One event sent (or being sent) to one endpoint: the delivery log. Written only by triggers, the function and the worker.';
create index webhook_deliveries_due_idx on public.webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_endpoint_idx on public.webhook_deliveries (endpoint_id, created_at desc);
create index webhook_deliveries_user_idx on public.webhook_deliveries (user_id, created_at desc);

alter table public.webhook_deliveries enable row level security;
create policy "users read their own webhook deliveries" on public.webhook_deliveries
  for select to authenticated using ((select auth.uid()) = user_id);
revoke all on table public.webhook_deliveries from anon, authenticated;
grant select on table public.webhook_deliveries to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Events: one delivery per active endpoint of the user that asked for the event
-- ---------------------------------------------------------------------------------------------
create or replace function private.enqueue_webhook_event(p_user_id uuid, p_event_type text, p_data jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_event uuid := gen_random_uuid();
  v_count integer;
begin
  insert into public.webhook_deliveries (endpoint_id, user_id, event_id, event_type, payload)
  select e.id, e.user_id, v_event, p_event_type,
         jsonb_build_object('id', v_event, 'type', p_event_type, 'created_at', now(), 'data', p_data)
    from public.webhook_endpoints e
   where e.user_id = p_user_id and e.active and p_event_type = any (e.events);
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
revoke all on function private.enqueue_webhook_event(uuid, text, jsonb) from public, anon, authenticated;

-- generation.completed / generation.failed, from both job tables
create or replace function private.job_status_webhook()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status in ('completed', 'failed') and old.status is distinct from new.status then
    perform private.enqueue_webhook_event(new.user_id, 'generation.' || new.status, jsonb_strip_nulls(jsonb_build_object(
      'job_id', new.id, 'studio', new.studio, 'preset', new.preset, 'title', new.title, 'status', new.status,
      'credits', case when new.status = 'completed' then new.credits_charged else 0 end,
      'error', case when new.status = 'failed' then new.err end)));
  end if;
  return null;
end;
$$;
create trigger image_jobs_webhook after update of status on public.image_jobs
  for each row execute function private.job_status_webhook();
create trigger videos_webhook after update of status on public.videos
  for each row execute function private.job_status_webhook();

-- post.published / post.failed
create or replace function private.post_status_webhook()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status in ('posted', 'failed') and old.status is distinct from new.status then
    perform private.enqueue_webhook_event(new.user_id, case new.status when 'posted' then 'post.published' else 'post.failed' end,
      jsonb_strip_nulls(jsonb_build_object('post_id', new.id, 'platform', new.platform, 'platform_post_id', new.platform_post_id,
        'posted_at', new.posted_at, 'status', new.status)));
  end if;
  return null;
end;
$$;
create trigger social_posts_webhook after update of status on public.social_posts
  for each row execute function private.post_status_webhook();

-- credits.low: the balance falls under 20% of the plan's monthly credits (the trial: of its 5),
-- the same line the dashboard warns at.
create or replace function private.credits_low_webhook()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_line numeric := 0.2 * coalesce((select credits from public.pricing_plans where id = new.plan), 5);
begin
  if new.credits < old.credits and old.credits >= v_line and new.credits < v_line then
    perform private.enqueue_webhook_event(new.user_id, 'credits.low', jsonb_build_object('balance', new.credits, 'plan', new.plan));
  end if;
  return null;
end;
$$;
create trigger profiles_credits_low_webhook after update of credits on public.profiles
  for each row execute function private.credits_low_webhook();

-- ---------------------------------------------------------------------------------------------
-- The dispatcher's side (service role only)
-- ---------------------------------------------------------------------------------------------
-- Due deliveries, marked as being sent (and one more attempt), with where to send them and the
-- secret to sign with. A delivery left 'delivering' for 2 minutes (a dispatcher that died) is due again.
create or replace function public.claim_webhook_deliveries(p_limit integer default 10)
returns table (id uuid, url text, secret text, event_id uuid, event_type text, payload jsonb, attempts integer)
language plpgsql
security definer
set search_path = ''
as $$
begin
  return query
  with due as (
    select d.id from public.webhook_deliveries d
     where (d.status = 'pending' and d.next_attempt_at <= now())
        or (d.status = 'delivering' and d.last_attempt_at < now() - interval '2 minutes')
     order by d.next_attempt_at
     limit greatest(1, least(p_limit, 100))
     for update skip locked
  ), claimed as (
    update public.webhook_deliveries d
       set status = 'delivering', attempts = d.attempts + 1, last_attempt_at = now()
      from due where d.id = due.id
    returning d.id, d.endpoint_id, d.event_id, d.event_type, d.payload, d.attempts
  )
  select c.id, e.url, e.secret, c.event_id, c.event_type, c.payload, c.attempts
    from claimed c join public.webhook_endpoints e on e.id = c.endpoint_id;
end;
$$;
revoke all on function public.claim_webhook_deliveries(integer) from public, anon, authenticated;
grant execute on function public.claim_webhook_deliveries(integer) to service_role;

-- The outcome of one attempt: delivered, or due again after p_retry_in_seconds, or (after
-- p_max_attempts, or with no retry asked) failed for good.
create or replace function public.finish_webhook_delivery(
  p_id uuid, p_ok boolean, p_status_code integer, p_error text, p_retry_in_seconds double precision, p_max_attempts integer default 6
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_status text;
begin
  update public.webhook_deliveries d
     set status = case when p_ok then 'succeeded'
                       when p_retry_in_seconds is null or d.attempts >= p_max_attempts then 'failed'
                       else 'pending' end,
         delivered_at = case when p_ok then now() end,
         next_attempt_at = case when not p_ok and p_retry_in_seconds is not null then now() + make_interval(secs => p_retry_in_seconds) else d.next_attempt_at end,
         last_status_code = p_status_code,
         last_error = case when p_ok then null else left(p_error, 500) end
   where d.id = p_id and d.status = 'delivering'
  returning d.status into v_status;
  return v_status;
end;
$$;
revoke all on function public.finish_webhook_delivery(uuid, boolean, integer, text, double precision, integer) from public, anon, authenticated;
grant execute on function public.finish_webhook_delivery(uuid, boolean, integer, text, double precision, integer) to service_role;
