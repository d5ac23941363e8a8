-- Product analytics events and per-user rate limits.

create table public.analytics_events (
  id bigint generated always as identity primary key,
  user_id uuid references public.profiles (user_id) on delete set null,
  session_id text check (char_length(session_id) <= 100),
  event_type text not null check (event_type ~ '^[a-z][a-z0-9_]{0,63}$'),
  event_data jsonb not null default '{}'::jsonb check (octet_length(event_data::text) <= 8192),
  created_at timestamptz not null default now()
);
comment on table public.analytics_events is
  'Events sent by the analytics-tracker function (service role), e.g. refine_image_generation_started and client errors.';
create index analytics_events_user_created_idx on public.analytics_events (user_id, created_at desc);
create index analytics_events_type_created_idx on public.analytics_events (event_type, created_at desc);

alter table public.analytics_events enable row level security;
create policy "users read their own events" on public.analytics_events
  for select to authenticated using ((select auth.uid()) = user_id);
revoke all on table public.analytics_events from anon, authenticated;
grant select on table public.analytics_events to authenticated;

create table public.rate_limits (
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  endpoint text not null check (endpoint ~ '^[a-z0-9_:-]{1,64}$'),
  window_start timestamptz not null,
  request_count integer not null default 0 check (request_count >= 0),
  primary key (user_id, endpoint, window_start)
);
comment on table public.rate_limits is 'Fixed-window request counters per user and endpoint, written by check_rate_limit().';
create index rate_limits_window_idx on public.rate_limits (window_start);

alter table public.rate_limits enable row level security;
create policy "users read their own rate limits" on public.rate_limits
  for select to authenticated using ((select auth.uid()) = user_id);
revoke all on table public.rate_limits from anon, authenticated;
grant select on table public.rate_limits to authenticated;

-- Counts one call for the caller (or for p_user_id when called with the service role) and says
-- whether it is within the limit. docs/spec.md default: 100 calls per 60 minutes.
create or replace function public.check_rate_limit(endpoint text, "limit" integer default 100, window_minutes integer default 60, p_user_id uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := case when auth.role() = 'service_role' then coalesce(p_user_id, auth.uid()) else auth.uid() end;
  v_window_seconds integer := check_rate_limit.window_minutes * 60;
  v_start timestamptz;
  v_count integer;
begin
  if v_uid is null then
    raise exception 'User not authenticated' using errcode = 'PT401', detail = 'not_authenticated';
  end if;
  if check_rate_limit.endpoint !~ '^[a-z0-9_:-]{1,64}$' or check_rate_limit."limit" not between 1 and 100000
     or check_rate_limit.window_minutes not between 1 and 10080 then
    raise exception 'Invalid rate limit request' using errcode = '22023', detail = 'invalid_rate_limit';
  end if;
  v_start := to_timestamp(floor(extract(epoch from now()) / v_window_seconds) * v_window_seconds);

  insert into public.rate_limits as r (user_id, endpoint, window_start, request_count)
    values (v_uid, check_rate_limit.endpoint, v_start, 1)
    on conflict on constraint rate_limits_pkey do update set request_count = r.request_count + 1
    returning r.request_count into v_count;

  delete from public.rate_limits where rate_limits.user_id = v_uid and rate_limits.window_start < now() - interval '7 days';

  return jsonb_build_object(
    'allowed', v_count <= check_rate_limit."limit",
    'limit', check_rate_limit."limit",
    'remaining', greatest(check_rate_limit."limit" - v_count, 0),
    'reset_at', v_start + make_interval(secs => v_window_seconds));
end;
$$;
comment on function public.check_rate_limit(text, integer, integer, uuid) is
  'Counts a call against a fixed window and returns {allowed, limit, remaining, reset_at}. Clients count only for themselves.';
revoke all on function public.check_rate_limit(text, integer, integer, uuid) from public, anon;
grant execute on function public.check_rate_limit(text, integer, integer, uuid) to authenticated, service_role;
