-- A call can count for more than one (issue: trust boundaries, "also fix"): the 30-posts-an-hour
-- limit counted requests, each of which could post to 10 accounts. p_cost (1–100) is how much a
-- call counts against the window's total. A refused call counts nothing: a post to ten accounts
-- that does not fit does not use up what a post to one still would.

drop function public.check_rate_limit(text, integer, integer, uuid);

create or replace function public.check_rate_limit(endpoint text, "limit" integer default 100, window_minutes integer default 60, p_user_id uuid default null, p_cost integer default 1)
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
  v_allowed boolean;
begin
  if v_uid is null then
    raise exception 'User not authenticated' using errcode = 'PT401', detail = 'not_authenticated';
  end if;
  if check_rate_limit.endpoint !~ '^[a-z0-9_:-]{1,64}$' or check_rate_limit."limit" not between 1 and 100000
     or check_rate_limit.window_minutes not between 1 and 10080 or coalesce(check_rate_limit.p_cost, 0) not between 1 and 100 then
    raise exception 'Invalid rate limit request' using errcode = '22023', detail = 'invalid_rate_limit';
  end if;
  v_start := to_timestamp(floor(extract(epoch from now()) / v_window_seconds) * v_window_seconds);

  insert into public.rate_limits as r (user_id, endpoint, window_start, request_count)
    values (v_uid, check_rate_limit.endpoint, v_start, 0)
    on conflict on constraint rate_limits_pkey do nothing;
  update public.rate_limits r set request_count = r.request_count + check_rate_limit.p_cost
   where r.user_id = v_uid and r.endpoint = check_rate_limit.endpoint and r.window_start = v_start
     and r.request_count + check_rate_limit.p_cost <= check_rate_limit."limit"
  returning r.request_count into v_count;
  v_allowed := found;
  if not v_allowed then
    select r.request_count into v_count from public.rate_limits r
     where r.user_id = v_uid and r.endpoint = check_rate_limit.endpoint and r.window_start = v_start;
  end if;

  delete from public.rate_limits where rate_limits.user_id = v_uid and rate_limits.window_start < now() - interval '7 days';

  return jsonb_build_object(
    'allowed', v_allowed,
    'limit', check_rate_limit."limit",
    'remaining', greatest(check_rate_limit."limit" - v_count, 0),
    'reset_at', v_start + make_interval(secs => v_window_seconds));
end;
$$;
comment on function public.check_rate_limit(text, integer, integer, uuid, integer) is
  'Counts a call (p_cost units) against a fixed window when it fits, and returns {allowed, limit, remaining, reset_at}. Clients count only for themselves.';
revoke all on function public.check_rate_limit(text, integer, integer, uuid, integer) from public, anon;
grant execute on function public.check_rate_limit(text, integer, integer, uuid, integer) to authenticated, service_role;
