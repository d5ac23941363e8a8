-- Connecting a social account is bound to the session that started it (issue: trust boundaries,
-- item 2). Before, the platform's redirect stored the account under whoever had started the
-- attempt: an attacker could start a connect with their own session, send the victim the
-- platform's consent link, and hold the victim's account once the victim allowed it.
--
-- Now the callback only keeps the platform's code under a one-time ticket (5 minutes) and sends
-- the browser back to the app with it; the app finishes with the session that browser holds, and
-- social-connect-finish exchanges the code only when that session is the one that started.

alter table public.social_oauth_states
  add column code text check (char_length(code) between 1 and 2048),
  add column ticket text unique check (char_length(ticket) between 32 and 128);
comment on column public.social_oauth_states.ticket is
  'Set when the platform came back with a code: what the app finishes with, under the session that started.';

-- The platform came back with a code for a live, unused state: keep the code under the ticket.
create or replace function public.receive_oauth_code(p_state text, p_code text, p_ticket text)
returns public.social_oauth_states
language plpgsql
security definer
set search_path = ''
as $$
declare
  v public.social_oauth_states;
begin
  update public.social_oauth_states
     set code = p_code, ticket = p_ticket, expires_at = least(expires_at, now() + interval '5 minutes')
   where state = p_state and code is null and expires_at >= now()
  returning * into v;
  return v;
end;
$$;
revoke all on function public.receive_oauth_code(text, text, text) from public, anon, authenticated;
grant execute on function public.receive_oauth_code(text, text, text) to service_role;

-- Takes a ticket once (whoever finishes: a finish by another account ends the attempt too).
create or replace function public.take_oauth_ticket(p_ticket text)
returns public.social_oauth_states
language plpgsql
security definer
set search_path = ''
as $$
declare
  v public.social_oauth_states;
begin
  delete from public.social_oauth_states where expires_at < now() - interval '1 day';
  delete from public.social_oauth_states where ticket = p_ticket returning * into v;
  if v.state is null or v.expires_at < now() then
    return null;
  end if;
  return v;
end;
$$;
revoke all on function public.take_oauth_ticket(text) from public, anon, authenticated;
grant execute on function public.take_oauth_ticket(text) to service_role;
