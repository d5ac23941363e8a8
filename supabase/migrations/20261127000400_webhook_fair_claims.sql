-- One slow webhook receiver stalls nobody else's webhooks (issue: trust boundaries, item 4). The
-- dispatcher now sends each delivery on its own with an overall deadline; here, claiming takes at
-- most p_per_user deliveries of a user at a time (those already being sent count), so one user's
-- many slow endpoints cannot take every place the dispatcher has.

drop function public.claim_webhook_deliveries(integer);

create or replace function public.claim_webhook_deliveries(p_limit integer default 10, p_per_user integer default 2)
returns table (id uuid, user_id uuid, url text, secret text, event_id uuid, event_type text, payload jsonb, attempts integer)
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- One claimer at a time, so the per-user cap holds across dispatchers.
  perform pg_advisory_xact_lock(hashtextextended('webhook_claims', 0));
  return query
  with sending as (
    select d.user_id, count(*) as n from public.webhook_deliveries d
     where d.status = 'delivering' and d.last_attempt_at >= now() - interval '2 minutes'
     group by d.user_id
  ), candidates as (
    select d.id, d.user_id, d.next_attempt_at,
           row_number() over (partition by d.user_id order by d.next_attempt_at) as turn
      from public.webhook_deliveries d
     where (d.status = 'pending' and d.next_attempt_at <= now())
        or (d.status = 'delivering' and d.last_attempt_at < now() - interval '2 minutes')
  ), due as (
    -- The row's own state is checked again here (and in the update): a row another claimer took
    -- after the candidates were read is skipped, not claimed twice.
    select d.id from public.webhook_deliveries d
      join candidates c on c.id = d.id
      left join sending s on s.user_id = c.user_id
     where c.turn + coalesce(s.n, 0) <= greatest(1, p_per_user)
       and ((d.status = 'pending' and d.next_attempt_at <= now())
         or (d.status = 'delivering' and d.last_attempt_at < now() - interval '2 minutes'))
     order by c.turn, c.next_attempt_at
     limit greatest(1, least(p_limit, 100))
     for update of d skip locked
  ), claimed as (
    update public.webhook_deliveries d
       set status = 'delivering', attempts = d.attempts + 1, last_attempt_at = now()
      from due
     where d.id = due.id
       and ((d.status = 'pending' and d.next_attempt_at <= now())
         or (d.status = 'delivering' and d.last_attempt_at < now() - interval '2 minutes'))
    returning d.id, d.user_id, d.endpoint_id, d.event_id, d.event_type, d.payload, d.attempts
  )
  select c.id, c.user_id, e.url, e.secret, c.event_id, c.event_type, c.payload, c.attempts
    from claimed c join public.webhook_endpoints e on e.id = c.endpoint_id;
end;
$$;
comment on function public.claim_webhook_deliveries(integer, integer) is
  'Dispatcher only: due deliveries marked as being sent, users in turn, at most p_per_user of a user at a time.';
revoke all on function public.claim_webhook_deliveries(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_webhook_deliveries(integer, integer) to service_role;
