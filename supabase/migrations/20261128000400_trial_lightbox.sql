-- The visitor's lightbox trial (issue 33, item 10): one photo, no account, a small watermarked
-- result. The `trial-lightbox` edge function is public and sits in front of the worker's costliest
-- path, so each try is counted before any work: per client address (3 an hour, 10 a day) and for
-- everyone together (200 an hour). Addresses are never stored: the function keeps an HMAC of the
-- address (keyed with a server secret), and rows go away two days after their window.

create table private.trial_attempts (
  -- HMAC-SHA256 of the client's address in hex, or '*' for the count of every visitor together.
  subject text not null check (subject ~ '^([0-9a-f]{64}|\*)$'),
  period text not null check (period in ('hour', 'day')),
  window_start timestamptz not null,
  attempts integer not null default 0 check (attempts >= 0),
  primary key (subject, period, window_start)
);
comment on table private.trial_attempts is
  'Fixed-window counts of visitor lightbox trials per hashed client address (hour and day) and for everyone (subject *). Written only by trial_take_attempt / trial_return_attempt.';
create index trial_attempts_window_idx on private.trial_attempts (window_start);
alter table private.trial_attempts enable row level security;
-- No policy: no client role reads or writes it (the functions below are security definer).
revoke all on table private.trial_attempts from public, anon, authenticated;

-- Takes one try for an address when it fits every limit, and says which limit refused it
-- otherwise. A refused try counts nothing. Rows of one address and the global row are locked in
-- that order by every caller, so concurrent tries are counted exactly.
create or replace function public.trial_take_attempt(p_address_hash text, p_per_hour integer default 3, p_per_day integer default 10, p_global_per_hour integer default 200)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_hour timestamptz := date_trunc('hour', now(), 'UTC');
  v_day timestamptz := date_trunc('day', now(), 'UTC');
  v_in_hour integer;
  v_in_day integer;
  v_everyone integer;
begin
  if p_address_hash is null or p_address_hash !~ '^[0-9a-f]{64}$'
     or p_per_hour not between 1 and 1000 or p_per_day not between 1 and 10000 or p_global_per_hour not between 1 and 1000000 then
    raise exception 'Invalid trial attempt' using errcode = '22023', detail = 'invalid_trial_attempt';
  end if;

  insert into private.trial_attempts (subject, period, window_start)
    values (p_address_hash, 'hour', v_hour), (p_address_hash, 'day', v_day), ('*', 'hour', v_hour)
    on conflict do nothing;
  select t.attempts into v_in_hour from private.trial_attempts t
   where t.subject = p_address_hash and t.period = 'hour' and t.window_start = v_hour for update;
  select t.attempts into v_in_day from private.trial_attempts t
   where t.subject = p_address_hash and t.period = 'day' and t.window_start = v_day for update;
  select t.attempts into v_everyone from private.trial_attempts t
   where t.subject = '*' and t.period = 'hour' and t.window_start = v_hour for update;

  if v_in_hour >= p_per_hour then
    return jsonb_build_object('allowed', false, 'reason', 'hour', 'limit', p_per_hour, 'retry_at', v_hour + interval '1 hour');
  elsif v_in_day >= p_per_day then
    return jsonb_build_object('allowed', false, 'reason', 'day', 'limit', p_per_day, 'retry_at', v_day + interval '1 day');
  elsif v_everyone >= p_global_per_hour then
    return jsonb_build_object('allowed', false, 'reason', 'busy', 'limit', p_global_per_hour, 'retry_at', v_hour + interval '1 hour');
  end if;

  update private.trial_attempts t set attempts = t.attempts + 1
   where (t.subject = p_address_hash and ((t.period = 'hour' and t.window_start = v_hour) or (t.period = 'day' and t.window_start = v_day)))
      or (t.subject = '*' and t.period = 'hour' and t.window_start = v_hour);
  delete from private.trial_attempts t where t.window_start < now() - interval '2 days';

  return jsonb_build_object(
    'allowed', true,
    'remaining_hour', least(p_per_hour - v_in_hour, p_per_day - v_in_day) - 1,
    'remaining_day', p_per_day - v_in_day - 1,
    'hour_resets_at', v_hour + interval '1 hour');
end;
$$;
comment on function public.trial_take_attempt(text, integer, integer, integer) is
  'Counts one visitor lightbox trial for a hashed address when it fits the hourly, daily and global limits; returns {allowed, reason, retry_at} or {allowed, remaining_hour, remaining_day}. Service role only (the trial-lightbox function).';
revoke all on function public.trial_take_attempt(text, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.trial_take_attempt(text, integer, integer, integer) to service_role;

-- Gives a try back when the failure was ours (the worker unreachable or overloaded), never for a
-- refused file: decoding a bad file is work too.
create or replace function public.trial_return_attempt(p_address_hash text)
returns void
language sql
security definer
set search_path = ''
as $$
  update private.trial_attempts t set attempts = greatest(t.attempts - 1, 0)
   where p_address_hash ~ '^[0-9a-f]{64}$'
     and ((t.subject = p_address_hash and ((t.period = 'hour' and t.window_start = date_trunc('hour', now(), 'UTC'))
                                        or (t.period = 'day' and t.window_start = date_trunc('day', now(), 'UTC'))))
       or (t.subject = '*' and t.period = 'hour' and t.window_start = date_trunc('hour', now(), 'UTC')));
$$;
comment on function public.trial_return_attempt(text) is
  'Gives back a visitor trial that failed on our side (this hour and day, and the global count). Service role only.';
revoke all on function public.trial_return_attempt(text) from public, anon, authenticated;
grant execute on function public.trial_return_attempt(text) to service_role;
